import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
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

const NEXT: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The arrow keys of a radio group (WAI-ARIA): move to the next or previous enabled card, wrapping,
 * and choose it, as native radio buttons do. Tab reaches each card, and Enter or Space chooses it.
 */
export function radioArrows(event: KeyboardEvent<HTMLElement>) {
  const step = NEXT[event.key];
  if (step === undefined) return;
  const cards = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)')];
  const at = cards.findIndex((card) => card === document.activeElement);
  if (at === -1) return;
  event.preventDefault();
  const next = cards[(at + step + cards.length) % cards.length];
  next?.focus();
  next?.click();
}
