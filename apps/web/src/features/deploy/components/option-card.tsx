import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './deploy.module.css';

interface OptionCardProps {
  selected: boolean;
  disabled?: boolean;
  onSelect: () => void;
  title: ReactNode;
  icon?: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
}

/** A choice among cards (region, type, size): a radio for assistive technology, a card for the eye. */
export function OptionCard({ selected, disabled, onSelect, title, icon, badge, children }: OptionCardProps) {
  return (
    <UnstyledButton
      role="radio"
      aria-checked={selected}
      aria-disabled={disabled || undefined}
      disabled={disabled}
      onClick={onSelect}
      className={classes.card}
      data-selected={selected || undefined}
      data-disabled={disabled || undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" align="center">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {icon}
            <Text fw={600}>{title}</Text>
          </Group>
          {badge ? (
            <Badge size="sm" variant="light" color={disabled ? 'gray' : 'ocean'} className={classes.badge}>
              {badge}
            </Badge>
          ) : null}
        </Group>
        {children}
      </Stack>
    </UnstyledButton>
  );
}
