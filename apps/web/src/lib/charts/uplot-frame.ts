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
