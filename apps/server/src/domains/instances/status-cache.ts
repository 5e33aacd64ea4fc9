import type { ClusterResource } from '@nimbus/proxmox';

/** One answer of `GET /cluster/resources?type=vm`: the VMs by VMID and when Proxmox was asked. */
export interface ClusterSnapshot {
  time: number;
  vms: Map<number, ClusterResource>;
}

export interface StatusCacheOptions {
  /** Asks one cluster for its VMs (`GET /cluster/resources?type=vm`). */
  fetch(cluster: string): Promise<ClusterResource[]>;
  /**
   * How often a watched cluster is asked; the web polls status every 2 s
   * (docs/product/instances.md#live-charts-and-usage-history).
   */
  intervalMs: number;
  /** A cluster nobody asked about for this long is no longer polled. */
  idleMs: number;
  /** A snapshot older than this (Proxmox failing) is not served; the reader waits for a new one. */
  maxAgeMs: number;
  onError?(cluster: string, err: unknown): void;
}

interface Watch {
  snapshot?: ClusterSnapshot;
  inflight?: Promise<ClusterSnapshot>;
  wantedAt: number;
  timer?: NodeJS.Timeout;
}

/**
 * The per-cluster status cache of DESIGN "Status fan-in": one `/cluster/resources?type=vm` per
 * cluster every `intervalMs` while anyone reads it, none once nobody has for `idleMs`, shared by
 * every reader in the process; concurrent first reads share one request.
 */
export class StatusCache {
  private readonly watches = new Map<string, Watch>();
  private closed = false;

  constructor(private readonly opts: StatusCacheOptions) {}

  /** The latest snapshot of a cluster: at once when polling is under way, else after one request. */
  read(cluster: string): ClusterSnapshot | Promise<ClusterSnapshot> {
    const fresh = this.peek(cluster);
    if (fresh) return fresh;
    const now = Date.now();
    let w = this.watches.get(cluster);
    if (!w) {
      w = { wantedAt: now };
      this.watches.set(cluster, w);
    }
    w.wantedAt = now;
    return this.poll(cluster, w);
  }

  /** The snapshot `read` can answer at once, if any (the cluster stays watched); never polls. */
  private peek(cluster: string): ClusterSnapshot | undefined {
    const w = this.watches.get(cluster);
    const now = Date.now();
    if (!w?.snapshot || now - w.snapshot.time > this.opts.maxAgeMs) return undefined;
    w.wantedAt = now;
    return w.snapshot;
  }

  /** Clusters being polled now. */
  watched(): string[] {
    return [...this.watches.keys()];
  }

  close(): void {
    this.closed = true;
    for (const w of this.watches.values()) clearTimeout(w.timer);
    this.watches.clear();
  }

  private poll(cluster: string, w: Watch): Promise<ClusterSnapshot> {
    if (w.inflight) return w.inflight;
    const time = Date.now();
    const request = this.opts.fetch(cluster).then((rows) => {
      const vms = new Map<number, ClusterResource>();
      for (const r of rows) if (r.vmid !== undefined && !r.template) vms.set(r.vmid, r);
      const snapshot = { time, vms };
      w.snapshot = snapshot;
      return snapshot;
    });
    w.inflight = request;
    void request
      .catch((err: unknown) => this.opts.onError?.(cluster, err))
      .finally(() => {
        w.inflight = undefined;
        this.next(cluster, w, time);
      });
    return request;
  }

  /** Schedules the next poll one interval after the last one started, unless nobody watches. */
  private next(cluster: string, w: Watch, lastStart: number) {
    if (this.closed || w.timer || this.watches.get(cluster) !== w) return;
    const delay = Math.max(0, lastStart + this.opts.intervalMs - Date.now());
    w.timer = setTimeout(() => {
      w.timer = undefined;
      if (Date.now() - w.wantedAt > this.opts.idleMs) {
        // Nobody looked for a while: stop asking Proxmox and forget the snapshot, so the next
        // reader gets a fresh one rather than an old one.
        this.watches.delete(cluster);
        return;
      }
      void this.poll(cluster, w).catch(() => undefined);
    }, delay);
    w.timer.unref();
  }
}
