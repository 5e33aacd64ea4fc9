import { HOSTNAME, REVERSE_DNS, type InstanceDetail, type InstanceFull } from '@nimbus/contract';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { useInstanceAction } from '../../../lib/instances/instance-actions-api';
import { isLive } from '../api/lifecycle-api';
import { notifyFailure } from '../../../lib/instances/action-feedback';
import classes from './instances.module.css';

type Instance = InstanceFull | InstanceDetail;

/** A hostname that breaks the rules (not a letter first, other characters) is not taken. */
const acceptHostname = (value: string) => value === '' || HOSTNAME.pattern.test(value);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <dt>{label}</dt>
      <dd data-mono>{children}</dd>
    </div>
  );
}

/** The hostname and reverse DNS form, validated as the server validates them. */
function NamesForm({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instance-actions');
  const stored = 'ReverseDns' in instance ? (instance.ReverseDns ?? '') : '';
  const [hostname, setHostname] = useState(instance.Hostname);
  const [reverseDns, setReverseDns] = useState(stored);
  const save = useInstanceAction(instance.Id, 'network');
  const hostnameError =
    hostname === ''
      ? t('errors:field.required')
      : hostname.length < HOSTNAME.min
        ? t('errors:field.incorrect_length')
        : undefined;
  const rdns = reverseDns.trim();
  const rdnsError = rdns !== '' && !REVERSE_DNS.pattern.test(rdns) ? t('network.rdnsInvalid') : undefined;
  const unchanged = hostname === instance.Hostname && rdns === stored;
  const submit = () =>
    // The promise, not mutate's callbacks: the form remounts (keyed by the hostname) once the new
    // name is read back, before those callbacks would run.
    save.mutateAsync({ Hostname: hostname, ReverseDns: rdns }).then(
      () => notify.success({ title: t('network.done'), message: t('network.doneMessage') }),
      (error: unknown) => notifyFailure(t('network.failed'), error),
    );
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        {t('network.names')}
      </Title>
      <TextInput
        label={t('network.hostname')}
        description={t('network.hostnameHint')}
        value={hostname}
        maxLength={HOSTNAME.max}
        error={hostnameError}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (acceptHostname(value)) setHostname(value);
        }}
      />
      <TextInput
        label={t('network.rdns')}
        description={t('network.rdnsHint', { ip: instance.IpAddress ?? '' })}
        placeholder="host.example.com"
        value={reverseDns}
        maxLength={REVERSE_DNS.max}
        error={rdnsError}
        onChange={(e) => setReverseDns(e.currentTarget.value)}
      />
      <Group>
        <Button onClick={submit} loading={save.isPending} disabled={!!hostnameError || !!rdnsError || unchanged}>
          {t('network.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The "network" tab: the addresses of the server, then its hostname and reverse DNS name. */
export function NetworkPanel({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instance-actions');
  const none = t('network.none');
  const assigned = 'AssignedIps' in instance ? instance.AssignedIps : [];
  return (
    <SectionCard title={t('network.title')}>
      <Stack gap="lg">
        <dl className={classes.fields} aria-label={t('network.addresses')}>
          <Row label={t('network.ip')}>{instance.IpAddress ?? none}</Row>
          <Row label={t('network.gateway')}>{instance.Gateway ?? none}</Row>
          <Row label={t('network.prefix')}>{instance.Prefix === null ? none : `/${instance.Prefix}`}</Row>
          <Row label={t('network.mac')}>{instance.Mac ?? none}</Row>
          {assigned.length > 1 ? <Row label={t('network.assigned')}>{assigned.join(', ')}</Row> : null}
        </dl>
        {isLive(instance.Status) ? (
          <NamesForm
            key={`${instance.Hostname}|${'ReverseDns' in instance ? instance.ReverseDns : ''}`}
            instance={instance}
          />
        ) : (
          <Text fz="sm">{t('settings.unavailable')}</Text>
        )}
      </Stack>
    </SectionCard>
  );
}
