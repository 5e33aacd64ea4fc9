import { Select } from '@mantine/core';

/** The value of "any status"; no status is spelled like this. */
const ALL = '*';

interface StatusFilterProps<S extends string> {
  /** The filter's accessible name. */
  label: string;
  statuses: readonly S[];
  /** The chosen status; undefined for all. */
  value: S | undefined;
  /** The label of "any status". */
  all: string;
  labelOf: (status: S) => string;
  onChange: (status: S | undefined) => void;
  className?: string;
  w?: number;
}

/** A list's status filter: any status, or one of them. */
export function StatusFilter<S extends string>(p: StatusFilterProps<S>) {
  return (
    <Select
      aria-label={p.label}
      value={p.value ?? ALL}
      onChange={(value) => p.onChange(value === null || value === ALL ? undefined : (value as S))}
      data={[{ value: ALL, label: p.all }, ...p.statuses.map((s) => ({ value: s, label: p.labelOf(s) }))]}
      allowDeselect={false}
      className={p.className}
      w={p.w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
