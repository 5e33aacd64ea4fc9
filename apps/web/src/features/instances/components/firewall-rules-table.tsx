import type { FirewallRule } from '@nimbus/contract';
import { ActionIcon, Group, Switch, Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import { protocolLabel } from './firewall-rule-dialog';
import classes from './instance-data.module.css';

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
  const ports = (r: FirewallRule) =>
    !r.SourcePort && !r.DestinationPort
      ? any
      : !r.SourcePort
        ? r.DestinationPort
        : `${r.SourcePort} → ${r.DestinationPort || any}`;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover className={classes.table} aria-label={t('firewall.rulesLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('firewall.columns.direction')}</Table.Th>
            <Table.Th>{t('firewall.columns.policy')}</Table.Th>
            <Table.Th>{t('firewall.columns.protocol')}</Table.Th>
            <Table.Th>{t('firewall.columns.source')}</Table.Th>
            <Table.Th>{t('firewall.columns.ports')}</Table.Th>
            <Table.Th>{t('firewall.columns.destination')}</Table.Th>
            <Table.Th>{t('firewall.columns.enabled')}</Table.Th>
            <Table.Th>{t('firewall.columns.comment')}</Table.Th>
            <Table.Th>{t('firewall.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((r) => {
            const n = r.Pos + 1;
            return (
              <Table.Tr key={r.Pos}>
                <Table.Td>{n}</Table.Td>
                <Table.Td>{t(`firewall.directions.${r.Direction}`)}</Table.Td>
                <Table.Td>{t(`firewall.policies.${r.Policy}`)}</Table.Td>
                <Table.Td>{protocolLabel(r.Protocol, any)}</Table.Td>
                <Table.Td data-mono>{r.Source || any}</Table.Td>
                <Table.Td data-mono>{ports(r)}</Table.Td>
                <Table.Td data-mono>{r.Destination || any}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={r.Enabled}
                    onChange={() => onToggle(r)}
                    disabled={busy}
                    aria-label={r.Enabled ? t('firewall.disableRule', { n }) : t('firewall.enableRule', { n })}
                  />
                </Table.Td>
                <Table.Td className={classes.comment}>{r.Comment}</Table.Td>
                <Table.Td>
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
    </Table.ScrollContainer>
  );
}
