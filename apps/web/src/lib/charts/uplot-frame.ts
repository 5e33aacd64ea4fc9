import type { MantineTheme } from '@mantine/core';
import type uPlot from 'uplot';

/** Axis colours of a uPlot chart in the current colour scheme (labels, grid lines and ticks). */
export function axisStyle(theme: MantineTheme, dark: boolean) {
  const text = dark ? theme.colors.dark[1] : theme.colors.gray[7];
  const grid = dark ? theme.colors.dark[4] : theme.colors.gray[2];
  return { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
}

/** Keeps a uPlot chart as wide as its container; returns what stops following. */
export function followWidth(u: uPlot, el: HTMLElement, height: number): () => void {
  const resize = new ResizeObserver(([entry]) => {
    const width = Math.floor(entry?.contentRect.width ?? 0);
    if (width > 0 && width !== u.width) u.setSize({ width, height });
  });
  resize.observe(el);
  return () => resize.disconnect();
}

/** Formats of a time axis from the finest step up: what a tick shows when the ticks are that far apart. */
const TIME_FORMATS: [maxStepSeconds: number, options: Intl.DateTimeFormatOptions][] = [
  [59, { hour: 'numeric', minute: '2-digit', second: '2-digit' }],
  [86_399, { hour: 'numeric', minute: '2-digit' }],
  [28 * 86_400, { month: 'short', day: 'numeric' }],
  [365 * 86_400 - 1, { year: 'numeric', month: 'short' }],
  [Infinity, { year: 'numeric' }],
];

/**
 * The tick labels of a time axis (seconds since the epoch) in the reader's language ("14:05",
 * "11月27日", "Nov 27"), as fine as the ticks' spacing needs; uPlot's own are English only.
 */
export function timeAxisValues(intlLocale: string): uPlot.Axis.DynamicValues {
  const formats = TIME_FORMATS.map(([max, options]) => [max, new Intl.DateTimeFormat(intlLocale, options)] as const);
  return (_u, ticks, _axis, _space, incr) => {
    const format = formats.find(([max]) => incr <= max)![1];
    return ticks.map((t) => format.format(new Date(t * 1000)));
  };
}

/** The tick labels of a count axis with the reader's digit grouping ("1,200"). */
export function countAxisValues(intlLocale: string): uPlot.Axis.DynamicValues {
  const format = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 0 });
  return (_u, ticks) => ticks.map((t) => format.format(t));
}
