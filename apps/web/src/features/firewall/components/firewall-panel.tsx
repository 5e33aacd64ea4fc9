import {
  FIREWALL_EFFECT_MINUTES,
  FIREWALL_POLICIES,
  FIREWALL_RULES_MAX,
  type FirewallRule,
  type FirewallState,
} from '@nimbus/contract';
import { Alert, Button, Group, NativeSelect, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconClockHour4, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { useInstanceLive } from '../../../lib/instances/instances-api';
import { firewallQueryOptions } from '../api/firewall-api';
import { FirewallRuleDialog, type RuleValues } from './firewall-rule-dialog';
import { RulesTable } from './firewall-rules-table';
import { IrreversibleDialog } from '../../../components/irreversible-dialog';
import { useDataAction } from '../../../lib/instances/use-data-action';

type Policy = (typeof FIREWALL_POLICIES)[number];

/** The firewall of an instance: its switch and default policies, and its rules (docs/product/instances.md). */
export function FirewallPanel({ instanceId }: { instanceId: number }) {
  const { t } = useTranslation('instance-data');
  const live = useInstanceLive(instanceId);
  const query = useQuery({ ...firewallQueryOptions(instanceId), enabled: live });
  return (
    <SectionCard title={t('firewall.title')}>
      <Stack gap="md">
        <Alert variant="light" color="ocean" icon={<IconClockHour4 size={18} aria-hidden />} role="note">
          {t('firewall.effectNote', FIREWALL_EFFECT_MINUTES)}
        </Alert>
        {!live ? (
          <Text c="dimmed" fz="sm">
            {t('notLive')}
          </Text>
        ) : query.data ? (
          <Firewall instanceId={instanceId} state={query.data} />
        ) : query.isError ? (
          <Text c="red.8" role="alert">
            {t('firewall.loadFailed')}
          </Text>
        ) : (
          <Skeleton height={120} />
        )}
      </Stack>
    </SectionCard>
  );
}

function Firewall({ instanceId, state }: { instanceId: number; state: FirewallState }) {
  const { t } = useTranslation('instance-data');
  const options = useDataAction(instanceId, 'firewall/set');
  const add = useDataAction(instanceId, 'firewall/rule/add');
  const set = useDataAction(instanceId, 'firewall/rule/set');
  const enable = useDataAction(instanceId, 'firewall/rule/enable');
  const disable = useDataAction(instanceId, 'firewall/rule/disable');
  const remove = useDataAction(instanceId, 'firewall/rule/del');
  const busy = [options, add, set, enable, disable, remove].some((a) => a.isPending);
  const [editing, setEditing] = useState<FirewallRule | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<FirewallRule | null>(null);
  const full = state.Rules.length >= FIREWALL_RULES_MAX;

  const saveRule = (values: RuleValues, callbacks: Parameters<typeof add.run>[2]) => {
    if (editing) {
      set.run(
        { ...values, Pos: editing.Pos },
        { success: t('firewall.updated'), failure: t('firewall.updateFailed') },
        callbacks,
      );
    } else {
      add.run(values, { success: t('firewall.added'), failure: t('firewall.addFailed') }, callbacks);
    }
  };
  const toggle = (rule: FirewallRule) =>
    rule.Enabled
      ? disable.run({ Pos: rule.Pos }, { success: t('firewall.disabledToast'), failure: t('firewall.switchFailed') })
      : enable.run({ Pos: rule.Pos }, { success: t('firewall.enabledToast'), failure: t('firewall.switchFailed') });

  return (
    <Stack gap="lg">
      <Settings
        key={`${state.Enabled}-${state.PolicyIn}-${state.PolicyOut}`}
        state={state}
        busy={busy}
        pending={options.isPending}
        save={(v) => options.run(v, { success: t('firewall.settingsSaved'), failure: t('firewall.settingsFailed') })}
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={3} fz="h5">
            {t('firewall.rulesTitle')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('firewall.rulesCount', { count: state.Rules.length, max: FIREWALL_RULES_MAX })}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            setEditing(null);
            setAdding(true);
          }}
          disabled={busy || full}
        >
          {t('firewall.add')}
        </Button>
      </Group>
      {full ? <Text fz="sm">{t('firewall.limit', { max: FIREWALL_RULES_MAX })}</Text> : null}
      {state.Rules.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('firewall.empty')}
        </Text>
      ) : (
        <RulesTable
          rules={state.Rules}
          busy={busy}
          onToggle={toggle}
          onEdit={(rule) => {
            setEditing(rule);
            setAdding(true);
          }}
          onDelete={setDeleting}
        />
      )}
      <FirewallRuleDialog
        opened={adding}
        onClose={() => setAdding(false)}
        rule={editing}
        submit={saveRule}
        busy={add.isPending || set.isPending}
      />
      <IrreversibleDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('firewall.deleteTitle', { n: (deleting?.Pos ?? 0) + 1 })}
        message={t('firewall.deleteMessage')}
        confirmLabel={t('firewall.deleteConfirm')}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.run(
            { Pos: deleting.Pos },
            { success: t('firewall.deleted'), failure: t('firewall.deleteFailed') },
            { onAccepted: () => setDeleting(null), onFailed: () => setDeleting(null) },
          )
        }
      />
    </Stack>
  );
}

/** The firewall's switch and default policies, saved together. */
function Settings({
  state,
  busy,
  pending,
  save,
}: {
  state: FirewallState;
  busy: boolean;
  pending: boolean;
  save: (v: { Enabled: boolean; PolicyIn: Policy; PolicyOut: Policy }) => void;
}) {
  const { t } = useTranslation('instance-data');
  const [values, setValues] = useState({
    Enabled: state.Enabled,
    PolicyIn: state.PolicyIn,
    PolicyOut: state.PolicyOut,
  });
  const dirty =
    values.Enabled !== state.Enabled || values.PolicyIn !== state.PolicyIn || values.PolicyOut !== state.PolicyOut;
  const policies = FIREWALL_POLICIES.map((value) => ({ value, label: t(`firewall.policies.${value}`) }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save(values);
      }}
    >
      <Stack gap="sm">
        <Switch
          label={t('firewall.enabled')}
          description={t('firewall.enabledHint')}
          checked={values.Enabled}
          onChange={(e) => setValues({ ...values, Enabled: e.currentTarget.checked })}
          disabled={busy}
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('firewall.policyIn')}
            data={policies}
            value={values.PolicyIn}
            onChange={(e) => setValues({ ...values, PolicyIn: e.currentTarget.value as Policy })}
            disabled={busy}
            w={160}
          />
          <NativeSelect
            label={t('firewall.policyOut')}
            data={policies}
            value={values.PolicyOut}
            onChange={(e) => setValues({ ...values, PolicyOut: e.currentTarget.value as Policy })}
            disabled={busy}
            w={160}
          />
          <Button type="submit" variant="light" disabled={!dirty || busy} loading={pending}>
            {t('firewall.saveSettings')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
