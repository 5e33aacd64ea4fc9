import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCopy, IconWand } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface PasswordToolsProps {
  /** The password input, each caller's own (its label, hint and validation). */
  children: ReactNode;
  password: string;
  generateLabel: string;
  copyLabel: string;
  onGenerate: () => void;
  onCopy: () => void;
  /**
   * Line the buttons up with the field under its label rather than with the field's bottom: for a
   * field whose error appears below it.
   */
  top?: boolean;
}

/** A new password's field with its "generate" and "copy" buttons beside it. */
export function PasswordTools({
  children,
  password,
  generateLabel,
  copyLabel,
  onGenerate,
  onCopy,
  top,
}: PasswordToolsProps) {
  const mt = top ? 25 : undefined;
  return (
    <Group gap="xs" align={top ? 'flex-start' : 'flex-end'} wrap="nowrap">
      {children}
      <Tooltip label={generateLabel}>
        <ActionIcon size={36} mt={mt} variant="default" aria-label={generateLabel} onClick={onGenerate}>
          <IconWand size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={copyLabel}>
        <ActionIcon
          size={36}
          mt={mt}
          variant="default"
          aria-label={copyLabel}
          disabled={password === ''}
          onClick={onCopy}
        >
          <IconCopy size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
