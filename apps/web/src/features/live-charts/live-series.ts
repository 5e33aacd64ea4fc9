import { CHARTS, type InstanceLiveStatus, type RrdData } from '@nimbus/contract';

/** One point of a chart: CPU in percent, memory in bytes, network in bytes per second. */
export interface LivePoint {
  /** Seconds since the epoch (uPlot's x unit). */
  time: number;
  cpu: number | null;
  mem: number | null;
  maxmem: number | null;
  netIn: number | null;
  netOut: number | null;
}

/** The live history: the points kept and the raw sample the next rate is computed from. */
export interface LiveHistory {
  last: InstanceLiveStatus | null;
  points: LivePoint[];
}

export const emptyHistory: LiveHistory = { last: null, points: [] };

/** Bytes per second between two counter readings, or null when the counter went back (a restart). */
function rate(now: number, before: number, seconds: number): number | null {
  const delta = now - before;
  return delta < 0 ? null : delta / seconds;
}

/**
 * Adds a status sample (docs/product/instances.md#live-charts-and-usage-history): rates come from
 * counter deltas only when the samples are at least CHARTS.minRateIntervalMs apart, so a sample
 * that comes sooner (the same cached sample twice, or a refetch right after the last one) is left
 * out; CHARTS.historyPoints points are kept.
 */
export function appendSample(
  history: LiveHistory,
  sample: InstanceLiveStatus,
  keep: number = CHARTS.historyPoints,
): LiveHistory {
  const { last } = history;
  if (last && sample.Time - last.Time < CHARTS.minRateIntervalMs) return history;
  const seconds = last ? (sample.Time - last.Time) / 1000 : 0;
  const point: LivePoint = {
    time: sample.Time / 1000,
    cpu: sample.Cpu * 100,
    mem: sample.Mem,
    maxmem: sample.Maxmem,
    netIn: last ? rate(sample.Netin, last.Netin, seconds) : null,
    netOut: last ? rate(sample.Netout, last.Netout, seconds) : null,
  };
  return { last: sample, points: [...history.points, point].slice(-keep) };
}

/**
 * The time axis of a live chart, in seconds. Two samples or more span their own range. Before that,
 * uPlot pads a lone timestamp to about 1,000 days (the axis reads in years until the next sample),
 * so one sample, or none yet, shows the two minutes that 60 points at 2 s will fill,
 * ending at the sample (or now).
 */
export function timeRange(xs: ArrayLike<number>, min: number, max: number, nowSeconds: number): [number, number] {
  if (xs.length >= 2) return [min, max];
  const end = xs.length === 1 ? xs[0]! : nowSeconds;
  return [end - 120, end];
}

/** The points an overview chart shows: the last CHARTS.overviewPoints. */
export const overviewWindow = (points: LivePoint[], size: number = CHARTS.overviewPoints) => points.slice(-size);

/** How far back the overview's charts reach into the usage history before the first live sample. */
export const SEED_SECONDS = 5 * 60;

/**
 * What an overview chart shows (never an empty chart on opening): its last
 * CHARTS.overviewPoints live points and, until they fill it, the usage history's points of the
 * SEED_SECONDS before the first of them (or before now, while there is none), so the chart starts
 * with the last minutes and the live samples carry on from there.
 */
export function overviewPoints(live: LivePoint[], history: LivePoint[], nowSeconds: number): LivePoint[] {
  const shown = overviewWindow(live);
  if (live.length >= CHARTS.overviewPoints) return shown;
  const first = live[0]?.time ?? nowSeconds;
  const seed = history.filter((p) => p.time < first && p.time >= first - SEED_SECONDS && p.cpu !== null);
  return [...seed, ...shown];
}

/** Usage history (rates already per second) as chart points. */
export function rrdPoints(data: RrdData): LivePoint[] {
  return data.map((p) => ({
    time: p.Time,
    cpu: p.Cpu === null ? null : p.Cpu * 100,
    mem: p.Mem,
    maxmem: p.Maxmem,
    netIn: p.Netin,
    netOut: p.Netout,
  }));
}

/** The top of a y axis: the data's maximum with some headroom, never below `floor`. */
export function axisMax(values: readonly (number | null | undefined)[], floor: number): number {
  let max = 0;
  for (const v of values) if (typeof v === 'number' && v > max) max = v;
  return Math.max(floor, max * 1.1);
}

/** The latest non-null value of a series. */
export function latest<T extends keyof LivePoint>(points: LivePoint[], key: T): LivePoint[T] | null {
  for (let i = points.length - 1; i >= 0; i--) {
    const v = points[i]![key];
    if (v !== null) return v;
  }
  return null;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in binary multiples with at most one decimal: 1536 → "1.5 KB", 1024 → "1 KB". */
export function formatBytes(bytes: number): string {
  let v = bytes;
  let u = 0;
  while (Math.abs(v) >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? Math.round(v) : +v.toFixed(1)} ${UNITS[u]}`;
}

/** Axis steps for byte values: powers of two, so ticks land on round binary figures (512 MB, 1 GB). */
export const BYTE_STEPS: number[] = Array.from({ length: 50 }, (_, i) => 2 ** i);
