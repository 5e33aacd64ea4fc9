import { mkdirSync, readFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Cluster } from './cluster.js';
import type { BackupVolume, VmState } from './types.js';

type IpSet = VmState['firewall']['ipsets'] extends Map<string, infer V> ? V : never;

/** What is kept of a cluster across restarts: its VMs (with snapshots, firewall, guest logins) and backups. */
interface Saved {
  version: 1;
  vms: (Omit<VmState, 'firewall' | 'flock'> & {
    firewall: Omit<VmState['firewall'], 'ipsets'> & { ipsets: [string, IpSet][] };
  })[];
  backups: BackupVolume[];
}

function serialize(cluster: Cluster): string {
  const saved: Saved = {
    version: 1,
    vms: [...cluster.vms.values()].map(({ flock: _flock, ...vm }) => ({
      ...vm,
      firewall: { ...vm.firewall, ipsets: [...vm.firewall.ipsets.entries()] },
    })),
    backups: [...cluster.backups.values()],
  };
  return JSON.stringify(saved);
}

/**
 * Loads a saved cluster over the fresh one, if the file exists. The tasks of the previous run are
 * gone, so no VM stays locked by one: a VM is left as a host restart of Proxmox would leave a VM
 * whose task was interrupted, without its lock.
 */
export function loadCluster(cluster: Cluster, file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
  const saved = JSON.parse(text) as Saved;
  if (saved.version !== 1) throw new Error(`${file}: unknown emulator state version ${String(saved.version)}`);
  cluster.vms.clear();
  for (const vm of saved.vms) {
    const { lock: _lock, ...config } = vm.config;
    cluster.vms.set(vm.vmid, {
      ...vm,
      config,
      firewall: { ...vm.firewall, ipsets: new Map(vm.firewall.ipsets) },
    });
  }
  cluster.backups.clear();
  for (const b of saved.backups) cluster.backups.set(b.volid, b);
  return true;
}

/**
 * Writes a cluster's state to `file` shortly after each change (changes within `delayMs` are
 * written once), atomically: a temporary file is written and flushed, then renamed over the old
 * one, so a crash (kill -9) leaves the previous state or the new one, never half a file.
 */
export class StateWriter {
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  #dirty = false;

  constructor(
    private readonly cluster: Cluster,
    private readonly file: string,
    private readonly delayMs = 200,
  ) {
    mkdirSync(dirname(file), { recursive: true });
  }

  /** Something changed: write soon. */
  changed(): void {
    this.#dirty = true;
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.delayMs);
  }

  /** Writes now if anything changed since the last write (after a write under way). */
  flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    this.#writing = this.#writing.then(async () => {
      if (!this.#dirty) return;
      this.#dirty = false;
      await this.#write(serialize(this.cluster)).catch((e: unknown) => {
        this.#dirty = true;
        // Kept dirty: the next change (or close) tries again.
        process.stderr.write(`pve-emulator: could not save ${this.file}: ${String(e)}\n`);
      });
    });
    return this.#writing;
  }

  async #write(text: string): Promise<void> {
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fh = await open(tmp, 'w', 0o600);
    try {
      await fh.writeFile(text);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, this.file).catch(async (e: unknown) => {
      await unlink(tmp).catch(() => undefined);
      throw e;
    });
  }
}
