import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatusPanelProps {
  icon: ReactNode;
  color?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** The body of a status page: icon, one h1, explanation and actions. */
export function StatusPanel({ icon, color, eyebrow, title, children, actions }: StatusPanelProps) {
  return (
    <Stack align="center" gap="md" maw={520} ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      {eyebrow ? (
        <Text fw={600} c="dimmed" tt="uppercase" fz="sm">
          {eyebrow}
        </Text>
      ) : null}
      <Title order={1} fz={30}>
        {title}
      </Title>
      {children}
      {actions ? (
        <Group justify="center" mt="sm">
          {actions}
        </Group>
      ) : null}
    </Stack>
  );
}
