import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import classes from './actions.module.css';

interface ToggleSwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * An on/off switch (role="switch"). Mantine's Switch would do, but it shares modules with the
 * sign-in page's checkbox, and Rollup then moves them into chunks /login loads (+0.8 kB gzip).
 */
export function ToggleSwitch({ label, description, checked, disabled, onChange }: ToggleSwitchProps) {
  const id = useId();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <UnstyledButton
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        className={classes.switch}
        data-checked={checked || undefined}
        onClick={() => onChange(!checked)}
      >
        <span className={classes.thumb} />
      </UnstyledButton>
      <Stack gap={2}>
        <Text id={`${id}-label`} fz="sm" onClick={() => !disabled && onChange(!checked)} style={{ cursor: 'pointer' }}>
          {label}
        </Text>
        {description ? (
          <Text id={`${id}-description`} fz="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
