import { CHARTS, type InstanceLiveStatus } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import {
  appendSample,
  axisMax,
  emptyHistory,
  formatBytes,
  latest,
  overviewPoints,
  overviewWindow,
  rrdPoints,
  timeRange,
} from './live-series';

const sample = (time: number, over: Partial<InstanceLiveStatus> = {}): InstanceLiveStatus => ({
  Name: 'web-1',
  State: 'running',
  Cpu: 0.25,
  Cpus: 1,
  Mem: 512,
  Maxmem: 1024,
  Netin: 0,
  Netout: 0,
  Diskread: 0,
  Diskwrite: 0,
  Uptime: 10,
  Time: time,
  ...over,
});

describe('appendSample', () => {
  it('computes per-second rates from counter deltas', () => {
    let h = appendSample(emptyHistory, sample(10_000, { Netin: 1_000, Netout: 500 }));
    expect(h.points[0]).toMatchObject({ time: 10, cpu: 25, mem: 512, netIn: null, netOut: null });
    h = appendSample(h, sample(12_000, { Netin: 5_000, Netout: 2_500 }));
    expect(h.points[1]).toMatchObject({ time: 12, netIn: 2_000, netOut: 1_000 });
  });

  it('leaves out samples less than a second apart, and the same sample twice', () => {
    const first = appendSample(emptyHistory, sample(10_000, { Netin: 1_000 }));
    expect(appendSample(first, sample(10_000, { Netin: 1_000 }))).toBe(first);
    expect(appendSample(first, sample(10_999, { Netin: 9_000 }))).toBe(first);
    const next = appendSample(first, sample(11_000, { Netin: 3_000 }));
    expect(next.points.at(-1)?.netIn).toBe(2_000);
  });

  it('has no rate across a counter reset (the VM restarted)', () => {
    let h = appendSample(emptyHistory, sample(10_000, { Netin: 10_000 }));
    h = appendSample(h, sample(12_000, { Netin: 100 }));
    expect(h.points[1]!.netIn).toBeNull();
    h = appendSample(h, sample(14_000, { Netin: 300 }));
    expect(h.points[2]!.netIn).toBe(100);
  });

  it('keeps 120 points and shows at most 60', () => {
    let h = emptyHistory;
    for (let i = 0; i < 200; i++) h = appendSample(h, sample(i * 2_000, { Netin: i * 100 }));
    expect(h.points).toHaveLength(CHARTS.historyPoints);
    expect(h.points[0]!.time).toBe(80 * 2);
    const shown = overviewWindow(h.points);
    expect(shown).toHaveLength(CHARTS.overviewPoints);
    expect(shown.at(-1)).toBe(h.points.at(-1));
  });
});

describe('overviewPoints', () => {
  const hour = (end: number) =>
    rrdPoints(
      Array.from({ length: 70 }, (_, i) => ({
        Time: end - (69 - i) * 60,
        Cpu: i === 69 ? null : 0.1,
        Mem: 1,
        Maxmem: 2,
        Netin: 3,
        Netout: 4,
        Diskread: 0,
        Diskwrite: 0,
      })),
    );

  it('starts with the last five minutes of history before the first live sample, or before now', () => {
    const history = hour(10_000);
    // Nothing live yet: the history's last five minutes up to now, its empty last point left out.
    const before = overviewPoints([], history, 10_030);
    expect(before.map((p) => p.time)).toEqual([9_760, 9_820, 9_880, 9_940]);
    let h = appendSample(emptyHistory, sample(10_030_000));
    h = appendSample(h, sample(10_032_000));
    const shown = overviewPoints(h.points, history, 10_032);
    expect(shown.map((p) => p.time)).toEqual([9_760, 9_820, 9_880, 9_940, 10_030, 10_032]);
  });

  it('leaves the history out once the live samples fill the chart', () => {
    let h = emptyHistory;
    for (let i = 0; i < CHARTS.overviewPoints; i++) h = appendSample(h, sample(20_000_000 + i * 2_000));
    expect(overviewPoints(h.points, hour(20_000), 20_200)).toEqual(overviewWindow(h.points));
  });
});

describe('axes and values', () => {
  it('keeps the CPU axis at 100 % and the network axis at 128000 at least', () => {
    expect(axisMax([5, 20, null], CHARTS.cpuAxisMin * 100)).toBe(100);
    expect(axisMax([150], 100)).toBeCloseTo(165);
    expect(axisMax([1_000, null], CHARTS.netAxisMin)).toBe(128_000);
    expect(axisMax([200_000], CHARTS.netAxisMin)).toBeCloseTo(220_000);
  });

  it('finds the latest value and formats bytes', () => {
    const points = rrdPoints([
      { Time: 1, Cpu: 0.5, Mem: 1, Maxmem: 2, Netin: 3, Netout: 4, Diskread: 0, Diskwrite: 0 },
      { Time: 2, Cpu: null, Mem: null, Maxmem: null, Netin: null, Netout: null, Diskread: null, Diskwrite: null },
    ]);
    expect(points[0]).toMatchObject({ time: 1, cpu: 50, netIn: 3 });
    expect(latest(points, 'cpu')).toBe(50);
    expect(latest([], 'cpu')).toBeNull();
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatBytes(512 * 1024 ** 2)).toBe('512 MB');
  });
});

describe("the live charts' time axis", () => {
  it('spans the samples once there are two, and two minutes ending at the sample or now before that', () => {
    const t = 1_795_461_097.725;
    // uPlot hands over a lone timestamp padded by about 1,000 days: the axis must not read in years.
    expect(timeRange([t], t, t + 86_400_000, t + 5)).toEqual([t - 120, t]);
    expect(timeRange([], NaN, NaN, t)).toEqual([t - 120, t]);
    expect(timeRange([t, t + 2], t, t + 2, t + 5)).toEqual([t, t + 2]);
  });
});
