/** Kinds of injected failure, each mimicking something a real Proxmox cluster does. */
export type FaultKind = 'lock-timeout' | 'http-500' | 'http-503' | 'latency' | 'drop' | 'task-fail';

/** One fault rule: which requests it hits, what it does and how often. */
export interface FaultSpec {
  method?: string;
  path?: RegExp;
  kind: FaultKind;
  times?: number;
  latencyMs?: number;
  message?: string;
}

export interface Faults {
  /** Injects a fault into matching requests; `times` defaults to 1 (Infinity allowed). */
  add(f: FaultSpec): void;
  /** Removes every pending fault. */
  clear(): void;
}

interface Armed extends FaultSpec {
  remaining: number;
}

/** Fault registry consulted by the HTTP layer (paths are relative to /api2/json). */
export class FaultInjector implements Faults {
  private armed: Armed[] = [];

  /** Injects a fault into matching requests; `times` defaults to 1 (Infinity allowed). */
  add(f: FaultSpec): void {
    this.armed.push({ ...f, remaining: f.times ?? 1 });
  }

  /** Removes every pending fault. */
  clear(): void {
    this.armed = [];
  }

  /** Consumes the faults that apply to this request; `taskFail` selects task-fail rules only. */
  take(method: string, path: string, taskFail: boolean): FaultSpec[] {
    const hits: FaultSpec[] = [];
    for (const f of this.armed) {
      if ((f.kind === 'task-fail') !== taskFail || f.remaining <= 0) continue;
      if (f.method && f.method.toUpperCase() !== method) continue;
      if (f.path && !f.path.test(path)) continue;
      f.remaining--;
      hits.push(f);
    }
    this.armed = this.armed.filter((f) => f.remaining > 0);
    return hits;
  }
}
