import { Group } from '@mantine/core';
import classes from './chart-legend.module.css';

/** The coloured names of a chart's lines (the canvas itself is hidden from assistive technology). */
export function ChartLegend({ series, mb }: { series: { label: string; color: string }[]; mb?: number }) {
  return (
    <Group gap="sm" component="ul" className={classes.legend} mb={mb}>
      {series.map((s) => (
        <li key={s.label}>
          <span className={classes.swatch} style={{ background: s.color }} aria-hidden />
          {s.label}
        </li>
      ))}
    </Group>
  );
}
