import { parsePublicKey, type SshKey } from '@nimbus/contract';
import { ActionIcon, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { intlLocale } from '../../../lib/i18n/language';
import { usePreferences } from '../../../lib/preferences/use-preferences';
import classes from '../../../components/divided-list.module.css';

/** The customer's keys: name, type, fingerprint and date, with edit and delete. */
export function SshKeyList({
  keys,
  onEdit,
  onDelete,
}: {
  keys: SshKey[];
  onEdit: (key: SshKey) => void;
  onDelete: (key: SshKey) => void;
}) {
  const { t } = useTranslation('me');
  const { locale } = usePreferences();
  const date = useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }), [locale]);
  return (
    <ul className={classes.list} aria-label={t('sshKeys.listLabel')}>
      {keys.map((key) => (
        <li key={key.Id} className={classes.item}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={4} miw={0}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {key.Name}
                </Text>
                <Badge variant="light" color="gray" tt="none" radius="sm">
                  {parsePublicKey(key.PublicKey)?.type ?? key.PublicKey.split(' ')[0]}
                </Badge>
              </Group>
              <Text fz="sm" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
                <VisuallyHidden>{t('sshKeys.fingerprint')}: </VisuallyHidden>
                {key.Fingerprint}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('sshKeys.addedOn', { date: date.format(new Date(key.CreatedAt)) })}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              {(
                [
                  ['edit', IconPencil, 'gray', onEdit],
                  ['delete', IconTrash, 'red', onDelete],
                ] as const
              ).map(([action, Icon, color, handle]) => (
                <ActionIcon
                  key={action}
                  variant="subtle"
                  color={color}
                  size="lg"
                  aria-label={t(`sshKeys.${action}`, { name: key.Name })}
                  onClick={() => handle(key)}
                >
                  <Icon size={18} aria-hidden />
                </ActionIcon>
              ))}
            </Group>
          </Group>
        </li>
      ))}
    </ul>
  );
}
