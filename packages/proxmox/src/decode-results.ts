import { arr, bool, num, obj, optNum, optStr, str, stringRecord } from './decode.js';
import type * as T from './types.js';

/** Decodes a task status answer. */
export function decodeTaskStatus(v: unknown): T.TaskStatus {
  const o = obj(v);
  return {
    upid: str(o.upid),
    node: str(o.node),
    status: str(o.status) === 'stopped' ? 'stopped' : 'running',
    exitstatus: optStr(o.exitstatus),
    type: str(o.type),
    id: str(o.id),
    user: str(o.user),
    starttime: num(o.starttime),
  };
}

/** Decodes a task list entry: there `status` holds the exit status once the task has ended. */
export function decodeTaskSummary(v: unknown): T.TaskSummary {
  const o = obj(v);
  const raw = optStr(o.status);
  const endtime = optNum(o.endtime);
  const running = /^running$/i.test(raw ?? '') || (raw === undefined && endtime === undefined);
  return {
    ...decodeTaskStatus(v),
    status: running ? 'running' : 'stopped',
    exitstatus: running ? undefined : (optStr(o.exitstatus) ?? raw),
    endtime,
  };
}

/** Decodes a task log page. */
export function decodeTaskLog(v: unknown): T.TaskLogLine[] {
  return arr(v).map((l) => ({ n: num(obj(l).n), t: str(obj(l).t) }));
}

/** Decodes `status/current`. */
export function decodeVmStatus(v: unknown): T.VmStatus {
  const o = obj(v);
  return {
    vmid: num(o.vmid),
    name: optStr(o.name),
    status: str(o.status, 'unknown'),
    qmpstatus: optStr(o.qmpstatus),
    lock: optStr(o.lock) || undefined,
    uptime: num(o.uptime),
    cpu: num(o.cpu),
    cpus: num(o.cpus),
    mem: num(o.mem),
    maxmem: num(o.maxmem),
    maxdisk: num(o.maxdisk),
    netin: num(o.netin),
    netout: num(o.netout),
    diskread: num(o.diskread),
    diskwrite: num(o.diskwrite),
    agent: bool(o.agent),
    template: bool(o.template),
    tags: optStr(o.tags),
  };
}

/** Decodes `GET …/config`. */
export function decodeVmConfig(v: unknown): T.VmConfig {
  const values = stringRecord(v);
  const digest = values.digest ?? '';
  delete values.digest;
  return { digest, values };
}

/** Decodes `rrddata`, keeping only numeric metrics that are present. */
export function decodeRrd(v: unknown): T.RrdPoint[] {
  const keys = [
    'cpu',
    'maxcpu',
    'mem',
    'maxmem',
    'disk',
    'maxdisk',
    'netin',
    'netout',
    'diskread',
    'diskwrite',
  ] as const;
  return arr(v).map((p) => {
    const o = obj(p);
    const point: T.RrdPoint = { time: num(o.time) };
    for (const k of keys) {
      const n = optNum(o[k]);
      if (n !== undefined) point[k] = n;
    }
    return point;
  });
}

/** Decodes the snapshot list, dropping the pseudo-entry `current`. */
export function decodeSnapshots(v: unknown): T.Snapshot[] {
  return arr(v)
    .map(obj)
    .filter((s) => str(s.name) !== 'current')
    .map((s) => ({
      name: str(s.name),
      description: optStr(s.description),
      parent: optStr(s.parent),
      snaptime: optNum(s.snaptime),
      vmstate: bool(s.vmstate),
    }));
}

/** Decodes storage content. */
export function decodeStorageContent(v: unknown): T.StorageContent[] {
  return arr(v).map((c) => {
    const o = obj(c);
    return {
      volid: str(o.volid),
      format: optStr(o.format),
      size: num(o.size),
      used: optNum(o.used),
      ctime: optNum(o.ctime),
      vmid: optNum(o.vmid),
      notes: optStr(o.notes),
      protected: bool(o.protected),
      content: optStr(o.content),
    };
  });
}
