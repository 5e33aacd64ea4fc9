import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisStyle, countAxisValues, followWidth, timeAxisValues } from '../../../lib/charts/uplot-frame';
import { intlLocale } from '../../../lib/i18n/language';
import { usePreferences } from '../../../lib/preferences/use-preferences';
import classes from './affiliate.module.css';

export interface DailySeries {
  label: string;
  color: string;
  values: number[];
}

export interface DailyChartProps {
  /** Each day's midnight (UTC), seconds since the epoch. */
  days: number[];
  series: DailySeries[];
  height: number;
}

const data = (days: number[], series: DailySeries[]): uPlot.AlignedData => [days, ...series.map((s) => s.values)];

/**
 * The affiliate activity per day as uPlot lines (this module, with uPlot, is a chunk of its own,
 * loaded by /affiliate only), as wide as its container, in the current colour scheme.
 */
export default function DailyChart({ days, series, height }: DailyChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef({ days, series });
  latest.current = { days, series };
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const labels = series.map((s) => `${s.label}:${s.color}`).join('|');
  const intl = intlLocale(usePreferences().locale);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = axisStyle(theme, dark);
    const u = new uPlot(
      {
        width: Math.max(120, el.clientWidth),
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.2))] } },
        axes: [
          { ...axis, space: 70, values: timeAxisValues(intl) },
          { ...axis, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000], size: 44, values: countAxisValues(intl) },
        ],
        series: [
          {},
          ...latest.current.series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { size: 5 } })),
        ],
      },
      data(latest.current.days, latest.current.series),
      el,
    );
    plot.current = u;
    const unfollow = followWidth(u, el, height);
    return () => {
      unfollow();
      u.destroy();
      plot.current = null;
    };
  }, [dark, theme, height, labels, intl]);

  useEffect(() => {
    plot.current?.setData(data(days, series));
  }, [days, series]);

  return <div ref={box} className={classes.plot} aria-hidden data-testid="affiliate-chart" />;
}
