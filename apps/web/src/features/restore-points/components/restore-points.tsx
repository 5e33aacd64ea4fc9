import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { defaultRestorePointName } from '../restore-point-name';
import { IrreversibleDialog } from '../../../components/irreversible-dialog';
import { NameDescriptionDialog, type NameCheck } from './name-description-dialog';
import classes from '../../../components/card-table.module.css';
import type { InstanceActionVars } from '../../../lib/instances/instance-actions-api';
import { useDataAction } from '../../../lib/instances/use-data-action';

/** A backup or a snapshot as the list shows it. */
interface RestorePoint {
  Name: string;
  Description: string;
  CreatedAt: string | null;
}

/** A column of one kind only, shown between the description and the date. */
interface ExtraColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

interface RestorePointsProps<T extends RestorePoint, A extends 'backup' | 'snapshot'> {
  instanceId: number;
  /** The translation prefix, also the kind's name: its texts are parallel under both. */
  kind: 'backups' | 'snapshots';
  /** The stem of the action paths: `backup` posts `backup/add`, `backup/restore`, `backup/del`. */
  action: A;
  items: T[];
  quota: number;
  /** What counts against the quota. */
  used: number;
  createIcon: ReactNode;
  /** Whether the server is there to act on; false shows why nothing can be done. */
  live?: boolean;
  keyOf: (item: T) => string | number;
  /** The body of a restore or delete request naming the item (the same for both). */
  target: (item: T) => InstanceActionVars<`${A}/restore`> & InstanceActionVars<`${A}/del`>;
  badge?: (item: T) => ReactNode;
  columns?: ExtraColumn<T>[];
  canRestore?: (item: T) => boolean;
  canDelete?: (item: T) => boolean;
  /** The rule for names, stated under the field. */
  nameHint: string;
  nameMax: number;
  checkName: NameCheck;
}

const always = () => true;

/**
 * The body of the backups and snapshots panels: the quota, the create button and its form, the
 * table with restore and delete, and their confirmations (docs/product/instances.md).
 */
export function RestorePoints<T extends RestorePoint, A extends 'backup' | 'snapshot'>({
  instanceId,
  kind,
  action,
  items,
  quota,
  used,
  createIcon,
  live = true,
  keyOf,
  target,
  badge,
  columns = [],
  canRestore = always,
  canDelete = always,
  nameHint,
  nameMax,
  checkName,
}: RestorePointsProps<T, A>) {
  const { t } = useTranslation('instance-data');
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  // Each cell names its column for the card layout, which shows no header row.
  const cell = (label: string) => ({ role: 'cell', 'data-label': label });
  const add = useDataAction(instanceId, `${action}/add` as 'backup/add' | 'snapshot/add');
  const restore = useDataAction(instanceId, `${action}/restore` as const);
  const remove = useDataAction(instanceId, `${action}/del` as const);
  const busy = add.isPending || restore.isPending || remove.isPending || !live;
  const [creating, setCreating] = useState(false);
  const [restoring, setRestoring] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const full = used >= quota;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Text fz="sm">{t(`${kind}.intro`)}</Text>
          <Text fz="sm" c="dimmed">
            {t(`${kind}.usage`, { used, quota })}
          </Text>
        </div>
        <Button leftSection={createIcon} onClick={() => setCreating(true)} disabled={busy || full}>
          {t(`${kind}.create`)}
        </Button>
      </Group>
      {!live ? (
        <Text c="dimmed" fz="sm">
          {t('notLive')}
        </Text>
      ) : full ? (
        <Text fz="sm" role="status">
          {quota === 0 ? t(`${kind}.noQuota`) : t(`${kind}.quotaReached`, { quota })}
        </Text>
      ) : null}
      {items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t(`${kind}.empty`)}
        </Text>
      ) : (
        // Cards of labelled lines where the panel is narrower than the columns (a phone): nothing
        // scrolls sideways; the roles keep it a table to assistive technology (as the firewall's).
        <div className={classes.cardsBox}>
          <Table striped className={`${classes.table} ${classes.cards}`} aria-label={t(`${kind}.label`)} role="table">
            <Table.Thead role="rowgroup">
              <Table.Tr role="row">
                <Table.Th role="columnheader">{t(`${kind}.columns.name`)}</Table.Th>
                <Table.Th role="columnheader">{t(`${kind}.columns.description`)}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.header} role="columnheader">
                    {c.header}
                  </Table.Th>
                ))}
                <Table.Th role="columnheader">{t(`${kind}.columns.date`)}</Table.Th>
                <Table.Th role="columnheader">{t(`${kind}.columns.actions`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody role="rowgroup">
              {items.map((item) => (
                <Table.Tr key={keyOf(item)} role="row">
                  <Table.Td {...cell(t(`${kind}.columns.name`))}>
                    {badge ? (
                      <Group gap="xs" wrap="nowrap">
                        <ItemName name={item.Name} />
                        {badge(item)}
                      </Group>
                    ) : (
                      <ItemName name={item.Name} />
                    )}
                  </Table.Td>
                  <Table.Td
                    {...cell(t(`${kind}.columns.description`))}
                    className={classes.comment}
                    data-empty={item.Description ? undefined : true}
                  >
                    {item.Description}
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.header} {...cell(c.header)}>
                      {c.cell(item)}
                    </Table.Td>
                  ))}
                  <Table.Td {...cell(t(`${kind}.columns.date`))}>
                    {item.CreatedAt ? date.format(new Date(item.CreatedAt)) : '—'}
                  </Table.Td>
                  <Table.Td {...cell(t(`${kind}.columns.actions`))}>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        onClick={() => setRestoring(item)}
                        disabled={busy || !canRestore(item)}
                        aria-label={t(`${kind}.restoreItem`, { name: item.Name })}
                      >
                        <IconRestore size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        onClick={() => setDeleting(item)}
                        disabled={busy || !canDelete(item)}
                        aria-label={t(`${kind}.deleteItem`, { name: item.Name })}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <NameDescriptionDialog
        opened={creating}
        onClose={() => setCreating(false)}
        title={t(`${kind}.formTitle`)}
        nameHint={nameHint}
        defaultName={() =>
          defaultRestorePointName(
            kind === 'snapshots' ? 'snap' : 'backup',
            new Date(),
            items.map((i) => i.Name),
          )
        }
        nameMax={nameMax}
        checkName={checkName}
        busy={add.isPending}
        submit={(values, callbacks) =>
          add.run(values, { success: t(`${kind}.created`), failure: t(`${kind}.createFailed`) }, callbacks)
        }
      />
      <IrreversibleDialog
        opened={restoring !== null}
        onClose={() => setRestoring(null)}
        title={t(`${kind}.restoreTitle`, { name: restoring?.Name ?? '' })}
        message={t(`${kind}.restoreMessage`)}
        confirmLabel={t(`${kind}.restoreConfirm`)}
        busy={restore.isPending}
        onConfirm={() =>
          restoring &&
          restore.run(
            target(restoring),
            { success: t(`${kind}.restored`), failure: t(`${kind}.restoreFailed`) },
            { onAccepted: () => setRestoring(null), onFailed: () => setRestoring(null) },
          )
        }
      />
      <IrreversibleDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t(`${kind}.deleteTitle`, { name: deleting?.Name ?? '' })}
        message={t(`${kind}.deleteMessage`)}
        confirmLabel={t(`${kind}.deleteConfirm`)}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.run(
            target(deleting),
            { success: t(`${kind}.deleted`), failure: t(`${kind}.deleteFailed`) },
            { onAccepted: () => setDeleting(null), onFailed: () => setDeleting(null) },
          )
        }
      />
    </Stack>
  );
}

function ItemName({ name }: { name: string }) {
  return (
    <Text fz="sm" fw={500}>
      {name}
    </Text>
  );
}
