/** Kinds of injected failure, each mimicking something a real Proxmox cluster does. */
export type FaultKind = 'lock-timeout' | 'http-500' | 'http-503' | 'latency' | 'drop' | 'task-fail' | 'task-slow';

/** The kinds that act on the task a request starts rather than on the request itself. */
const TASK_KINDS: ReadonlySet<FaultKind> = new Set(['task-fail', 'task-slow']);

/** One fault rule: which requests it hits, what it does and how often. */
export interface FaultSpec {
  method?: string;
  path?: RegExp;
  kind: FaultKind;
  times?: number;
  /** The share of matching requests hit (0–1, default 1): a hit that does not happen uses up nothing. */
  probability?: number;
  /** For latency: how long the answer waits; for task-slow: how much longer the task runs. */
  latencyMs?: number;
  message?: string;
}

export interface Faults {
  /**
   * Injects a fault into matching requests; `times` defaults to 1 (Infinity allowed). Answers a
   * function that removes this fault alone, leaving the faults others armed.
   */
  add(f: FaultSpec): () => void;
  /** Removes every pending fault. */
  clear(): void;
}

interface Armed extends FaultSpec {
  remaining: number;
}

/**
 * A misbehaving cluster for load tests (the standalone emulator's `--faults chaos`): a fifth of the
 * VM changes time out on their lock, a tenth of all calls answer 500 or 503, and some tasks fail or
 * run 3 s longer. Every rule fires for ever at its rate.
 */
export const CHAOS_FAULTS: readonly FaultSpec[] = [
  { kind: 'lock-timeout', method: 'POST', path: /\/qemu\/\d+\//, probability: 0.2, times: Infinity },
  { kind: 'lock-timeout', method: 'PUT', path: /\/qemu\/\d+\//, probability: 0.2, times: Infinity },
  { kind: 'lock-timeout', method: 'DELETE', path: /\/qemu\/\d+$/, probability: 0.2, times: Infinity },
  { kind: 'http-500', probability: 0.05, times: Infinity },
  { kind: 'http-503', probability: 0.05, times: Infinity },
  { kind: 'task-fail', path: /\/(clone|status\/start|resize|vzdump)$/, probability: 0.05, times: Infinity },
  { kind: 'task-slow', probability: 0.1, latencyMs: 3000, times: Infinity },
];

/** Fault registry consulted by the HTTP layer (paths are relative to /api2/json). */
export class FaultInjector implements Faults {
  private armed: Armed[] = [];
  private state: number;

  /** `seed` makes which requests a probability hits repeat from run to run. */
  constructor(seed = 1) {
    this.state = seed >>> 0 || 1;
  }

  /** Injects a fault into matching requests; `times` defaults to 1 (Infinity allowed). */
  add(f: FaultSpec): () => void {
    const armed: Armed = { ...f, remaining: f.times ?? 1 };
    this.armed.push(armed);
    return () => {
      this.armed = this.armed.filter((a) => a !== armed);
    };
  }

  /** Removes every pending fault. */
  clear(): void {
    this.armed = [];
  }

  /**
   * Consumes the faults that apply to this request; `taskPhase` selects the rules acting on the task
   * the request starts (task-fail, task-slow), otherwise the rules acting on the request.
   */
  take(method: string, path: string, taskPhase: boolean): FaultSpec[] {
    const hits: FaultSpec[] = [];
    for (const f of this.armed) {
      if (TASK_KINDS.has(f.kind) !== taskPhase || f.remaining <= 0) continue;
      if (f.method && f.method.toUpperCase() !== method) continue;
      if (f.path && !f.path.test(path)) continue;
      if (f.probability !== undefined && this.next() >= f.probability) continue;
      f.remaining--;
      hits.push(f);
    }
    this.armed = this.armed.filter((f) => f.remaining > 0);
    return hits;
  }

  /** xorshift32: a number in [0, 1). */
  private next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 4294967296;
  }
}
