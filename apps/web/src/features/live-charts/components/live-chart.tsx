import { Group, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ChartLegend } from '../../../components/chart-legend';
import type { LivePoint } from '../live-series';
import type { ChartSeries } from './uplot-chart';
import classes from './live-charts.module.css';

const UplotChart = lazy(() => import('./uplot-chart'));

export interface LiveChartProps {
  title: string;
  /** A sentence with the latest values, for everyone who cannot read the canvas. */
  summary: string;
  points: LivePoint[];
  series: ChartSeries[];
  yMax: number;
  format: (value: number) => string;
  steps?: number[];
  height?: number;
}

/** One labelled chart: a title, a legend with the latest values, and the uPlot canvas. */
export function LiveChart({ title, summary, points, series, yMax, format, steps, height = 160 }: LiveChartProps) {
  return (
    <figure
      className={classes.chart}
      aria-label={title}
      data-points={points.length}
      // How many seconds the chart spans, for tests (the canvas itself cannot be read).
      data-span={points.length > 1 ? Math.round(points[points.length - 1]!.time - points[0]!.time) : 0}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" mb={6}>
        <Text component="h3" fw={600} fz="sm" m={0}>
          {title}
        </Text>
        <ChartLegend series={series} />
      </Group>
      <Suspense fallback={<Skeleton height={height} />}>
        <UplotChart points={points} series={series} yMax={yMax} format={format} steps={steps} height={height} />
      </Suspense>
      <Text component="figcaption" fz="xs" c="dimmed" mt={4} data-testid="chart-summary">
        {summary}
      </Text>
    </figure>
  );
}
