import { timingSafeEqual, createHash } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds, from a cached status poll to a slow Proxmox clone call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Labels<L extends string> = readonly L[];

let processRegistry: Registry | undefined;

/**
 * The process's own series (CPU, memory, event loop, GC), once per process whatever the number of
 * contexts in it (the tests start many), and only once something scrapes: the event loop monitor
 * and the GC observer run for good once started.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * A process's metrics in the Prometheus text format (prom-client), made once per process with its
 * context. Infrastructure keeps its own series here (HTTP, jobs, tasks, Proxmox calls, the pool);
 * domains add theirs through `counter`, `gauge` and `onScrape`, so the registry stays in infra and
 * no infrastructure code names a domain.
 */
export class Metrics {
  readonly registry = new Registry();
  /** Every API request: its route pattern (never the raw URL), method and status. */
  readonly http: Histogram<'method' | 'route' | 'status'>;
  /** Every Proxmox API call (retries included): its cluster, method and outcome (ok or the error's kind). */
  readonly proxmox: Histogram<'cluster' | 'method' | 'outcome'>;
  /** Instance task runs by kind and outcome. */
  readonly taskRuns: Counter<'kind' | 'outcome'>;
  readonly #scrapers = new Map<string, () => void | Promise<void>>();

  constructor() {
    this.http = this.histogram(
      'nimbus_http_request_duration_seconds',
      'HTTP requests by route pattern, method and status, and how long each took.',
      ['method', 'route', 'status'],
    );
    this.proxmox = this.histogram(
      'nimbus_proxmox_call_duration_seconds',
      'Proxmox API calls (with their retries) by cluster, method and outcome, and how long each took.',
      ['cluster', 'method', 'outcome'],
    );
    this.taskRuns = this.counter(
      'nimbus_task_runs_total',
      'Runs of instance tasks by kind and outcome (ok, error, retry, abandoned, interrupted, unfinished).',
      ['kind', 'outcome'],
    );
  }

  /** A counter by name, made on first use. */
  counter<L extends string>(name: string, help: string, labelNames: Labels<L>): Counter<L> {
    const found = this.registry.getSingleMetric(name);
    if (found) return found as Counter<L>;
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge by name, made on first use; set it in an `onScrape` reader. */
  gauge<L extends string>(name: string, help: string, labelNames: Labels<L>): Gauge<L> {
    const found = this.registry.getSingleMetric(name);
    if (found) return found as Gauge<L>;
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }

  histogram<L extends string>(name: string, help: string, labelNames: Labels<L>): Histogram<L> {
    const found = this.registry.getSingleMetric(name);
    if (found) return found as Histogram<L>;
    return new Histogram({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers: [this.registry] });
  }

  /**
   * Runs `read` before each scrape, to set gauges from what is true now (a table, a pool). Under one
   * `key`, the latest reader replaces the earlier one (an app built twice on one context).
   */
  onScrape(key: string, read: () => void | Promise<void>): void {
    this.#scrapers.set(key, read);
  }

  /** The text a scrape answers. A reader that fails (the database away) leaves its gauges as they were. */
  async text(): Promise<string> {
    const reads = await Promise.allSettled([...this.#scrapers.values()].map((read) => read()));
    const failed = this.gauge('nimbus_metrics_read_failures', 'Readers that failed in this scrape.', []);
    failed.set(reads.filter((r) => r.status === 'rejected').length);
    return (await processMetrics().metrics()) + (await this.registry.metrics());
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Compares a presented bearer token with the configured one in constant time. */
export function tokenMatches(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The token of an `Authorization: Bearer …` header, if it has one. */
export function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
