import { unit } from './prng.js';
import { diskSize, memoryMiB } from './sizes.js';
import type { VmState } from './types.js';

/** Live values as status/current and cluster/resources report them. */
export interface LiveMetrics {
  cpu: number;
  cpus: number;
  mem: number;
  maxmem: number;
  maxdisk: number;
  netin: number;
  netout: number;
  diskread: number;
  diskwrite: number;
  uptime: number;
}

/** vCPU count from cores × sockets. */
export function vcpus(vm: VmState): number {
  return Number(vm.config.cores ?? 1) * Number(vm.config.sockets ?? 1);
}

/** Per-VM byte rates (B/s), fixed by seed and vmid so counters grow steadily. */
function rates(seed: number, vmid: number): number[] {
  return [1, 2, 3, 4].map((k) => Math.round(2_000 + unit(seed, vmid, k) * 60_000));
}

/** Deterministic live metrics: zero when stopped, bounded and seeded when running. */
export function liveMetrics(vm: VmState, seed: number, nowMs = Date.now()): LiveMetrics {
  const maxmem = memoryMiB(vm.config.memory) * 1024 * 1024;
  const base = { cpus: vcpus(vm), maxmem, maxdisk: diskSize(vm.config.scsi0) };
  if (vm.status !== 'running' || vm.startedAt === undefined) {
    return { ...base, cpu: 0, mem: 0, netin: 0, netout: 0, diskread: 0, diskwrite: 0, uptime: 0 };
  }
  const uptime = Math.max(0, Math.floor((nowMs - vm.startedAt) / 1000));
  const bucket = Math.floor(nowMs / 10_000);
  const [rin = 0, rout = 0, rread = 0, rwrite = 0] = rates(seed, vm.vmid);
  return {
    ...base,
    uptime,
    cpu: vm.qmpstatus === 'paused' ? 0 : 0.02 + 0.58 * unit(seed, vm.vmid, bucket),
    mem: Math.round(maxmem * (0.2 + 0.5 * unit(seed, vm.vmid, bucket, 7))),
    netin: uptime * rin,
    netout: uptime * rout,
    diskread: uptime * rread,
    diskwrite: uptime * rwrite,
  };
}

const STEPS: Record<8 | 9, Record<string, [number, number]>> = {
  8: { hour: [60, 70], day: [1800, 70], week: [10800, 70], month: [43200, 70], year: [604800, 70] },
  9: { hour: [60, 60], day: [60, 1440], week: [1800, 336], month: [21600, 120], year: [21600, 1440] },
};

/** The usage fields status/current and cluster/resources both report, as Proxmox names them. */
export function usageFields(m: LiveMetrics) {
  return {
    cpu: m.cpu,
    mem: m.mem,
    maxmem: m.maxmem,
    disk: 0,
    maxdisk: m.maxdisk,
    netin: m.netin,
    netout: m.netout,
    diskread: m.diskread,
    diskwrite: m.diskwrite,
    uptime: m.uptime,
  };
}

/** RRD points for a timeframe; keys other than `time` are omitted where the VM was not running. */
export function rrdPoints(vm: VmState, seed: number, schema: 8 | 9, timeframe: string, cf: string, nowMs = Date.now()) {
  const [step, count] = STEPS[schema][timeframe] ?? [60, 70];
  const end = Math.floor(nowMs / 1000 / step) * step;
  const maxmem = memoryMiB(vm.config.memory) * 1024 * 1024;
  const maxdisk = diskSize(vm.config.scsi0);
  const maxcpu = vcpus(vm);
  const ran = vm.config.template !== '1' && (vm.status === 'running' || vm.stoppedAt !== undefined);
  const ranUntil = vm.status === 'running' ? Infinity : (vm.stoppedAt ?? 0) / 1000;
  const peak = cf === 'MAX' ? 1.6 : 1;
  const [rin = 0, rout = 0, rread = 0, rwrite = 0] = rates(seed, vm.vmid);
  const points: Record<string, number>[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const time = end - i * step;
    if (!ran || time > ranUntil) {
      points.push({ time });
      continue;
    }
    const u = (k: number): number => unit(seed, vm.vmid, time, k);
    const point: Record<string, number> = {
      time,
      maxcpu,
      maxmem,
      maxdisk,
      disk: 0,
      cpu: Math.min(1, (0.02 + 0.5 * u(1)) * peak),
      mem: Math.min(maxmem, Math.round(maxmem * (0.2 + 0.5 * u(2)) * (cf === 'MAX' ? 1.2 : 1))),
      netin: rin * (0.5 + u(3)) * peak,
      netout: rout * (0.5 + u(4)) * peak,
      diskread: rread * (0.5 + u(5)) * peak,
      diskwrite: rwrite * (0.5 + u(6)) * peak,
    };
    if (schema === 9) {
      point.memhost = point.mem ?? 0;
      for (const k of [
        'pressurecpusome',
        'pressurecpufull',
        'pressureiosome',
        'pressureiofull',
        'pressurememorysome',
        'pressurememoryfull',
      ]) {
        point[k] = Math.round(u(k.length) * 500) / 100;
      }
    }
    points.push(point);
  }
  return points;
}
