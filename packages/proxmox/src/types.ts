// Hand-written result types for the fields the console uses; decoders live in decode-results.ts.

/** `GET …/tasks/{upid}/status`. */
export interface TaskStatus {
  upid: string;
  node: string;
  status: 'running' | 'stopped';
  exitstatus?: string;
  type: string;
  id: string;
  user: string;
  starttime: number;
}

/** One entry of `GET /nodes/{node}/tasks`; `status` there is the exit status once stopped. */
export interface TaskSummary extends TaskStatus {
  endtime?: number;
}

/** One line of `GET …/tasks/{upid}/log`. */
export interface TaskLogLine {
  n: number;
  t: string;
}

/** The outcome of a finished, successful task. */
export interface TaskResult {
  upid: string;
  exitstatus: string;
  /** Set when the exit status was `WARNINGS: n`. */
  warnings?: number;
}

/** `GET …/status/current`. */
export interface VmStatus {
  vmid: number;
  name?: string;
  status: string;
  qmpstatus?: string;
  lock?: string;
  uptime: number;
  cpu: number;
  cpus: number;
  mem: number;
  maxmem: number;
  maxdisk: number;
  netin: number;
  netout: number;
  diskread: number;
  diskwrite: number;
  agent: boolean;
  template: boolean;
  tags?: string;
}

/** `GET …/config`: every key as Proxmox returns it (strings), plus the digest. */
export interface VmConfig {
  digest: string;
  values: Record<string, string>;
}

/** One point of `GET …/rrddata`; metrics are omitted when the VM had no data (e.g. stopped). */
export interface RrdPoint {
  time: number;
  cpu?: number;
  maxcpu?: number;
  mem?: number;
  maxmem?: number;
  disk?: number;
  maxdisk?: number;
  /** Bytes per second averaged over the step. */
  netin?: number;
  netout?: number;
  diskread?: number;
  diskwrite?: number;
}

/** One entry of `GET /cluster/resources`. */
export interface ClusterResource {
  id: string;
  type: string;
  node?: string;
  vmid?: number;
  name?: string;
  status?: string;
  lock?: string;
  template: boolean;
  storage?: string;
  cpu?: number;
  maxcpu?: number;
  mem?: number;
  maxmem?: number;
  disk?: number;
  maxdisk?: number;
  /** Byte counters since the guest started (VMs only). */
  netin?: number;
  netout?: number;
  diskread?: number;
  diskwrite?: number;
  uptime?: number;
  tags?: string;
  content?: string;
}

/** One entry of `GET /nodes`. */
export interface NodeInfo {
  node: string;
  status: string;
  cpu?: number;
  maxcpu?: number;
  mem?: number;
  maxmem?: number;
  uptime?: number;
  sslFingerprint?: string;
}

/** `GET /nodes/{node}/status` (the parts we show). */
export interface NodeStatus {
  cpu: number;
  uptime: number;
  pveversion?: string;
  kernel?: string;
  loadavg: number[];
  memory: { total: number; used: number; free: number };
  rootfs: { total: number; used: number; free: number; avail: number };
  cpuinfo: { cpus: number; model?: string; sockets?: number };
}

/** `GET /version`. */
export interface VersionInfo {
  version: string;
  release: string;
  repoid: string;
}

/** One entry of `GET …/snapshot` (the pseudo-entry `current` is filtered out). */
export interface Snapshot {
  name: string;
  description?: string;
  parent?: string;
  snaptime?: number;
  vmstate: boolean;
}

/** One entry of `GET …/storage/{storage}/content`. */
export interface StorageContent {
  volid: string;
  format?: string;
  size: number;
  used?: number;
  ctime?: number;
  vmid?: number;
  notes?: string;
  protected: boolean;
  content?: string;
}
