import { arr, bool, num, obj, optNum, optStr, str } from './decode.js';
import type * as T from './types.js';

/** Decodes `/cluster/resources`. */
export function decodeResources(v: unknown): T.ClusterResource[] {
  return arr(v).map((r) => {
    const o = obj(r);
    return {
      id: str(o.id),
      type: str(o.type),
      node: optStr(o.node),
      vmid: optNum(o.vmid),
      name: optStr(o.name),
      status: optStr(o.status),
      lock: optStr(o.lock) || undefined,
      template: bool(o.template),
      storage: optStr(o.storage),
      cpu: optNum(o.cpu),
      maxcpu: optNum(o.maxcpu),
      mem: optNum(o.mem),
      maxmem: optNum(o.maxmem),
      disk: optNum(o.disk),
      maxdisk: optNum(o.maxdisk),
      netin: optNum(o.netin),
      netout: optNum(o.netout),
      diskread: optNum(o.diskread),
      diskwrite: optNum(o.diskwrite),
      uptime: optNum(o.uptime),
      tags: optStr(o.tags),
      content: optStr(o.content),
    };
  });
}

/** Decodes `GET /nodes`. */
export function decodeNodes(v: unknown): T.NodeInfo[] {
  return arr(v).map((n) => {
    const o = obj(n);
    return {
      node: str(o.node),
      status: str(o.status, 'unknown'),
      cpu: optNum(o.cpu),
      maxcpu: optNum(o.maxcpu),
      mem: optNum(o.mem),
      maxmem: optNum(o.maxmem),
      uptime: optNum(o.uptime),
      sslFingerprint: optStr(o.ssl_fingerprint),
    };
  });
}

/** Decodes `GET /nodes/{node}/status`. */
export function decodeNodeStatus(v: unknown): T.NodeStatus {
  const o = obj(v);
  const mem = obj(o.memory);
  const fs = obj(o.rootfs);
  const ci = obj(o.cpuinfo);
  return {
    cpu: num(o.cpu),
    uptime: num(o.uptime),
    pveversion: optStr(o.pveversion),
    kernel: optStr(obj(o['current-kernel']).release) ?? optStr(o.kversion),
    loadavg: arr(o.loadavg).map((x) => num(x)),
    memory: { total: num(mem.total), used: num(mem.used), free: num(mem.free) },
    rootfs: { total: num(fs.total), used: num(fs.used), free: num(fs.free), avail: num(fs.avail) },
    cpuinfo: { cpus: num(ci.cpus), model: optStr(ci.model), sockets: optNum(ci.sockets) },
  };
}

/** Decodes `GET /version`. */
export function decodeVersion(v: unknown): T.VersionInfo {
  const o = obj(v);
  return { version: str(o.version), release: str(o.release), repoid: str(o.repoid) };
}
