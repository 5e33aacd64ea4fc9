import type { FirewallRule } from '@nimbus/contract';
import { ActionIcon, Group, Switch, Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import { protocolLabel } from './firewall-rule-dialog';
import classes from '../../../components/card-table.module.css';

const COLUMNS = [
  'pos',
  'direction',
  'policy',
  'protocol',
  'source',
  'ports',
  'destination',
  'enabled',
  'comment',
  'actions',
] as const;
type Column = (typeof COLUMNS)[number];

/** The rules in Proxmox's order, numbered from 1, each with its switch, edit and delete. */
export function RulesTable({
  rules,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: {
  rules: FirewallRule[];
  busy: boolean;
  onToggle: (rule: FirewallRule) => void;
  onEdit: (rule: FirewallRule) => void;
  onDelete: (rule: FirewallRule) => void;
}) {
  const { t } = useTranslation('instance-data');
  const any = t('firewall.any');
  // Each cell names its column for the card layout, which shows no header row.
  const cell = (c: Column) => ({ role: 'cell', 'data-label': c === 'pos' ? '#' : t(`firewall.columns.${c}`) });
  const ports = (r: FirewallRule) =>
    !r.SourcePort && !r.DestinationPort
      ? any
      : !r.SourcePort
        ? r.DestinationPort
        : `${r.SourcePort} → ${r.DestinationPort || any}`;
  return (
    // Where the panel is narrower than the table's columns (a phone, a small window), each rule
    // becomes a card of labelled lines (instance-data.module.css): nothing scrolls sideways. The
    // roles are explicit so the rules stay a table to assistive technology in either layout.
    <div className={classes.cardsBox}>
      <Table
        striped
        highlightOnHover
        className={`${classes.table} ${classes.cards}`}
        aria-label={t('firewall.rulesLabel')}
        role="table"
      >
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {COLUMNS.map((c) => (
              <Table.Th key={c} role="columnheader">
                {c === 'pos' ? '#' : t(`firewall.columns.${c}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rules.map((r) => {
            const n = r.Pos + 1;
            return (
              <Table.Tr key={r.Pos} role="row">
                <Table.Td {...cell('pos')}>{n}</Table.Td>
                <Table.Td {...cell('direction')}>{t(`firewall.directions.${r.Direction}`)}</Table.Td>
                <Table.Td {...cell('policy')}>{t(`firewall.policies.${r.Policy}`)}</Table.Td>
                <Table.Td {...cell('protocol')}>{protocolLabel(r.Protocol, any)}</Table.Td>
                <Table.Td {...cell('source')} data-mono>
                  {r.Source || any}
                </Table.Td>
                <Table.Td {...cell('ports')} data-mono>
                  {ports(r)}
                </Table.Td>
                <Table.Td {...cell('destination')} data-mono>
                  {r.Destination || any}
                </Table.Td>
                <Table.Td {...cell('enabled')}>
                  <Switch
                    checked={r.Enabled}
                    onChange={() => onToggle(r)}
                    disabled={busy}
                    aria-label={r.Enabled ? t('firewall.disableRule', { n }) : t('firewall.enableRule', { n })}
                  />
                </Table.Td>
                <Table.Td {...cell('comment')} className={classes.comment} data-empty={r.Comment ? undefined : true}>
                  {r.Comment}
                </Table.Td>
                <Table.Td {...cell('actions')}>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      onClick={() => onEdit(r)}
                      disabled={busy}
                      aria-label={t('firewall.editRule', { n })}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="lg"
                      onClick={() => onDelete(r)}
                      disabled={busy}
                      aria-label={t('firewall.deleteRule', { n })}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
