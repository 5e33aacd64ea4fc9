import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisStyle, followWidth, timeAxisValues } from '../../../lib/charts/uplot-frame';
import { intlLocale } from '../../../lib/i18n/language';
import { usePreferences } from '../../../lib/preferences/use-preferences';
import { type LivePoint, timeRange } from '../live-series';
import classes from './live-charts.module.css';

export interface ChartSeries {
  key: Exclude<keyof LivePoint, 'time' | 'maxmem'>;
  label: string;
  color: string;
}

export interface UplotChartProps {
  points: LivePoint[];
  series: ChartSeries[];
  /** The top of the y axis (floors: 100 % CPU, 128000 B/s network). */
  yMax: number;
  /** Formats a y value for the axis. */
  format: (value: number) => string;
  /** Tick steps of the y axis (uPlot's decimal steps when absent). */
  steps?: number[];
  height: number;
}

function columns(points: LivePoint[], series: ChartSeries[]): uPlot.AlignedData {
  return [points.map((p) => p.time), ...series.map((s) => points.map((p) => p[s.key]))];
}

/**
 * A uPlot line chart (this module, with uPlot, is its own chunk loaded by the instance page only),
 * sized to its container and drawn in the colours of the current colour scheme.
 */
export default function UplotChart({ points, series, yMax, format, steps, height }: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const top = useRef(yMax);
  top.current = yMax;
  const latest = useRef({ points, series });
  latest.current = { points, series };
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const { locale } = usePreferences();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = axisStyle(theme, scheme === 'dark');
    const opts: uPlot.Options = {
      width: Math.max(120, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true, range: (u, min, max) => timeRange(u.data[0], min, max, Date.now() / 1000) },
        y: { range: () => [0, top.current] },
      },
      axes: [
        { ...axis, space: 60, values: timeAxisValues(intlLocale(locale)) },
        {
          ...axis,
          ...(steps ? { incrs: steps } : {}),
          values: (_u, ticks) => ticks.map((v) => format(v)),
          // As wide as the longest label, so none is cut off.
          size: (_u, values) => 24 + 8 * Math.max(3, ...(values ?? []).map((v) => String(v).length)),
        },
      ],
      series: [
        {},
        ...latest.current.series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          fill: `${s.color}22`,
          points: { show: false },
          spanGaps: false,
        })),
      ],
    };
    const u = new uPlot(opts, columns(latest.current.points, latest.current.series), el);
    plot.current = u;
    const unfollow = followWidth(u, el, height);
    return () => {
      unfollow();
      u.destroy();
      plot.current = null;
    };
  }, [scheme, theme, height, format, steps, locale]);

  useEffect(() => {
    plot.current?.setData(columns(points, series));
  }, [points, series, yMax]);

  return <div ref={box} className={classes.plot} aria-hidden data-testid="uplot" />;
}
