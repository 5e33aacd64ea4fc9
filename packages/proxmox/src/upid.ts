/** The fields of a Proxmox task id (UPID). */
export interface Upid {
  upid: string;
  node: string;
  pid: number;
  pstart: number;
  /** Present only in UPIDs of the worker-task format that carries a task id. */
  taskId?: number;
  /** Unix seconds. */
  starttime: number;
  type: string;
  id: string;
  user: string;
}

// Same layout as proxmox-widget-toolkit's parse_task_upid:
// UPID:node:pid(8 hex):pstart(8 hex):[taskid(8 hex):]starttime(8 hex):type:id:user:
const UPID_RE =
  /^UPID:([^\s:]+):([0-9A-Fa-f]{8}):([0-9A-Fa-f]{8,9}):(?:([0-9A-Fa-f]{8,16}):)?([0-9A-Fa-f]{8}):([^:\s]+):([^:\s]*):([^:\s]+):$/;

/** Parses a UPID, or returns undefined when it is malformed. */
export function parseUpid(upid: string): Upid | undefined {
  const m = UPID_RE.exec(upid.trim());
  if (!m) return undefined;
  const hex = (s: string | undefined): number => parseInt(s ?? '0', 16);
  return {
    upid: upid.trim(),
    node: m[1] ?? '',
    pid: hex(m[2]),
    pstart: hex(m[3]),
    ...(m[4] === undefined ? {} : { taskId: hex(m[4]) }),
    starttime: hex(m[5]),
    type: m[6] ?? '',
    id: m[7] ?? '',
    user: m[8] ?? '',
  };
}

/** Returns true when a string looks like a UPID. */
export function isUpid(value: unknown): value is string {
  return typeof value === 'string' && parseUpid(value) !== undefined;
}
