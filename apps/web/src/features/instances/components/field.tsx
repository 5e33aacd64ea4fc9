import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import classes from './instances.module.css';

/** One labelled value of a definition list. */
export function Field({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className={classes.field}>
      <dt>{label}</dt>
      <dd data-mono={mono || undefined}>{children}</dd>
    </div>
  );
}

/** A titled card holding a list of fields. */
export function FieldPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <dl className={classes.fields}>{children}</dl>
    </SectionCard>
  );
}

/** The definition list of a card that holds more than fields. */
export function FieldList({ children }: { children: ReactNode }) {
  return <dl className={classes.fields}>{children}</dl>;
}
