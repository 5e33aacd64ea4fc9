import {
  FIREWALL_DIRECTIONS,
  FIREWALL_POLICIES,
  FIREWALL_PROTOCOLS,
  firewallRuleConflicts,
  isFirewallAddress,
  isFirewallPorts,
  type FirewallRule,
} from '@nimbus/contract';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { useForm } from '../../../lib/form/use-form';
import { useFormField } from '../../../lib/form/use-form-field';
import { useTranslation } from '../../../lib/i18n/react';
import { useFormCallbacks, type DataActionCallbacks } from '../../../lib/instances/use-data-action';

export type RuleValues = Omit<FirewallRule, 'Pos'>;

/** Protocols by their usual names, which no language translates; `any` is the caller's word for it. */
const PROTOCOL_NAMES: Record<string, string> = { tcp: 'TCP', udp: 'UDP', icmp: 'ICMP', 'ipv6-icmp': 'ICMPv6' };
export const protocolLabel = (protocol: string, any: string) => PROTOCOL_NAMES[protocol] ?? any;

/** The source and destination inputs, in order: the field, its label key, and what it holds. */
const ENDPOINT_FIELDS = [
  ['Source', 'source', 'address'],
  ['SourcePort', 'sourcePort', 'port'],
  ['Destination', 'destination', 'address'],
  ['DestinationPort', 'destinationPort', 'port'],
] as const;

const EMPTY: RuleValues = {
  Direction: 'in',
  Policy: 'ACCEPT',
  Protocol: 'tcp',
  Source: '',
  SourcePort: '',
  Destination: '',
  DestinationPort: '',
  Enabled: true,
  Comment: '',
};

const trimmed = (v: RuleValues): RuleValues => ({
  ...v,
  Source: v.Source.trim(),
  SourcePort: v.SourcePort.trim(),
  Destination: v.Destination.trim(),
  DestinationPort: v.DestinationPort.trim(),
  Comment: v.Comment.trim(),
});

/** The server's checks of a rule (contract helpers), as message keys by field. */
export function validateRule(values: RuleValues): Record<string, string> {
  const v = trimmed(values);
  const errors: Record<string, string> = {};
  for (const f of ['Source', 'Destination'] as const) {
    if (v[f].length > 512) errors[f] = 'incorrect_length';
    else if (v[f] && !isFirewallAddress(v[f])) errors[f] = 'invalid_address';
  }
  for (const f of ['SourcePort', 'DestinationPort'] as const) {
    if (v[f].length > 256) errors[f] = 'incorrect_length';
    else if (v[f] && !isFirewallPorts(v[f])) errors[f] = 'invalid_port';
  }
  if (v.Comment.length > 128) errors.Comment = 'incorrect_length';
  for (const [f, message] of Object.entries(firewallRuleConflicts(v))) errors[f] ??= message;
  return errors;
}

/** The add/edit dialog of a firewall rule; `rule` is the rule being edited, or null to add one. */
export function FirewallRuleDialog({
  opened,
  onClose,
  rule,
  submit,
  busy,
}: {
  opened: boolean;
  onClose: () => void;
  rule: FirewallRule | null;
  submit: (values: RuleValues, callbacks: DataActionCallbacks) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('instance-data');
  const title = rule ? t('firewall.form.editTitle', { n: rule.Pos + 1 }) : t('firewall.form.addTitle');
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size="lg">
      {opened ? (
        <RuleForm key={rule?.Pos ?? 'new'} rule={rule} onCancel={onClose} submit={submit} busy={busy} title={title} />
      ) : null}
    </Dialog>
  );
}

function RuleForm({
  rule,
  onCancel,
  submit,
  busy,
  title,
}: {
  rule: FirewallRule | null;
  onCancel: () => void;
  submit: (values: RuleValues, callbacks: DataActionCallbacks) => void;
  busy: boolean;
  title: string;
}) {
  const { t } = useTranslation('instance-data');
  const initial: RuleValues = rule ? { ...rule } : EMPTY;
  const form = useForm<RuleValues>({ initialValues: initial, validate: validateRule });
  const field = useFormField(form);
  const options = <T extends string>(list: readonly T[], label: (v: T) => string) =>
    list.map((value) => ({ value, label: label(value) }));
  const callbacks = useFormCallbacks(form, title, onCancel);
  const onSubmit = (values: RuleValues) => submit(trimmed(values), callbacks);
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <NativeSelect
            {...field('Direction')}
            label={t('firewall.form.direction')}
            data={options(FIREWALL_DIRECTIONS, (v) => t(`firewall.directions.${v}`))}
            disabled={busy}
          />
          <NativeSelect
            {...field('Policy')}
            label={t('firewall.form.policy')}
            data={options(FIREWALL_POLICIES, (v) => t(`firewall.policies.${v}`))}
            disabled={busy}
          />
          <NativeSelect
            {...field('Protocol')}
            label={t('firewall.form.protocol')}
            data={options(FIREWALL_PROTOCOLS, (v) => protocolLabel(v, t('firewall.any')))}
            disabled={busy}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {ENDPOINT_FIELDS.map(([name, label, kind]) => (
            <TextInput
              key={name}
              {...field(name)}
              label={t(`firewall.form.${label}`)}
              placeholder={t('firewall.any')}
              description={t(kind === 'address' ? 'firewall.form.addressHint' : 'firewall.form.portHint')}
              autoComplete="off"
              spellCheck={kind === 'address' ? false : undefined}
              disabled={busy}
            />
          ))}
        </SimpleGrid>
        <TextInput
          {...field('Comment')}
          label={t('firewall.form.comment')}
          maxLength={128}
          autoComplete="off"
          disabled={busy}
        />
        <Checkbox {...field('Enabled', { type: 'checkbox' })} label={t('firewall.form.enabled')} disabled={busy} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={rule !== null && !form.isDirty()}>
            {rule ? t('firewall.form.submitEdit') : t('firewall.form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
