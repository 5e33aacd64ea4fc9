import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card that is a landmark of its page: the sections of /deploy, the panels of an instance. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}
