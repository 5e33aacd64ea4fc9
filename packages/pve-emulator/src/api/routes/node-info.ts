import { unit } from '../../state/prng.js';
import type { Cluster } from '../../state/cluster.js';

const GiB = 1024 ** 3;

/** One node's row for /nodes and /cluster/resources. */
export function nodeSummary(cluster: Cluster, node: string): Record<string, unknown> {
  const idx = cluster.cfg.nodes.indexOf(node);
  const bucket = Math.floor(Date.now() / 10_000);
  return {
    node,
    status: 'online',
    level: '',
    id: `node/${node}`,
    type: 'node',
    cpu: 0.05 + 0.3 * unit(cluster.cfg.seed, idx, bucket),
    maxcpu: 32,
    mem: Math.round((40 + 60 * unit(cluster.cfg.seed, idx, bucket, 1)) * GiB),
    maxmem: 256 * GiB,
    disk: 12 * GiB,
    maxdisk: 100 * GiB,
    uptime: Math.floor(Date.now() / 1000) - cluster.bootedAt,
    ssl_fingerprint: Array.from({ length: 32 }, (_, i) =>
      ((idx * 31 + i * 7) & 0xff).toString(16).toUpperCase().padStart(2, '0'),
    ).join(':'),
  };
}

/** GET /nodes/{node}/status: the fields the PVE UI summary shows. */
export function nodeStatus(cluster: Cluster, node: string): Record<string, unknown> {
  const s = nodeSummary(cluster, node);
  const mem = Number(s.mem);
  return {
    cpu: s.cpu,
    uptime: s.uptime,
    loadavg: ['0.42', '0.37', '0.35'],
    wait: 0.001,
    cpuinfo: {
      cpus: 32,
      sockets: 2,
      cores: 8,
      model: 'Emulated CPU (nimbus pve-emulator)',
      mhz: '2600.000',
      hvm: '1',
      flags: '',
    },
    memory: { total: 256 * GiB, used: mem, free: 256 * GiB - mem },
    swap: { total: 8 * GiB, used: 0, free: 8 * GiB },
    rootfs: { total: 100 * GiB, used: 12 * GiB, free: 88 * GiB, avail: 88 * GiB },
    ksm: { shared: 0 },
    kversion: 'Linux 6.8.12-4-pve #1 SMP PREEMPT_DYNAMIC (emulated)',
    pveversion: cluster.cfg.schema === 9 ? 'pve-manager/9.1.1/emulator' : 'pve-manager/8.4.1/emulator',
    'boot-info': { mode: 'efi', secureboot: 0 },
    'current-kernel': { sysname: 'Linux', release: '6.8.12-4-pve', machine: 'x86_64', version: '#1 SMP' },
  };
}

/** The storages a node sees: the shared VM storage, the shared backup storage, and node-local `local`. */
export function storageRows(cluster: Cluster, node: string): Record<string, unknown>[] {
  const backupUsed = [...cluster.backups.values()].reduce((sum, b) => sum + b.size, 0);
  const row = (storage: string, type: string, content: string, shared: number, used: number, total: number) => ({
    storage,
    type,
    content,
    shared,
    active: 1,
    enabled: 1,
    used,
    total,
    avail: total - used,
    used_fraction: used / total,
    node,
  });
  return [
    row(cluster.cfg.storage, 'rbd', 'images', 1, 800 * GiB, 8192 * GiB),
    row(cluster.cfg.backupStorage, 'dir', 'backup', 1, backupUsed, 4096 * GiB),
    row('local', 'dir', 'iso,vztmpl,backup', 0, 10 * GiB, 100 * GiB),
  ];
}
