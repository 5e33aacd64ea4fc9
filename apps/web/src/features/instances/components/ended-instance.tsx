import { cycleByCode, type InstanceDetail } from '@nimbus/contract';
import { Alert, Group, Stack, Title } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { Flag } from '../../../components/flag';
import { useTranslation } from '../../../lib/i18n/react';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { Field, FieldPanel } from './field';
import { memory } from './instance-overview';
import { StatusBadge } from './status-badge';
import { BackLink } from '../../../components/back-link';

/**
 * A destroyed instance (docs/product/instances.md#destroy): what it was and when it ended, and
 * nothing to act on: no consoles, no power or lifecycle actions, no live charts, no renewal.
 */
export function EndedInstance({ instance }: { instance: InstanceDetail }) {
  const { t } = useTranslation('instances');
  const { t: tDeploy } = useTranslation('deploy');
  const date = useDateFormat();
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const ended = instance.DestroyedAt ? dateTime.format(new Date(instance.DestroyedAt)) : null;
  const cycle = cycleByCode(instance.Cycle);
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <BackLink to="/instances">{t('detail.back')}</BackLink>
        <Group gap="sm" mt={4} wrap="wrap">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {instance.Hostname}
          </Title>
          <StatusBadge status={instance.Status} />
        </Group>
      </div>
      <Alert
        color="gray"
        variant="light"
        icon={<IconTrashX size={20} aria-hidden />}
        title={ended ? t('ended.title', { date: ended }) : t('tips.destroyed')}
        role="status"
      >
        {t('ended.message')}
      </Alert>
      <FieldPanel title={t('ended.facts')}>
        <Field label={t('fields.region')}>
          <Group gap="xs" wrap="nowrap" component="span">
            <Flag code={instance.CountryCode} />
            {instance.RegionName}
          </Group>
        </Field>
        <Field label={t('fields.type')}>{instance.TypeName}</Field>
        <Field label={t('fields.size')}>{instance.ProductName}</Field>
        <Field label={t('fields.cores')}>{tDeploy('size.cores', { count: instance.Cores })}</Field>
        <Field label={t('fields.memory')}>{memory(instance.Memory)}</Field>
        <Field label={t('fields.disk')}>{`${instance.Disk} GB`}</Field>
        <Field label={t('fields.image')}>{instance.ImageName}</Field>
        {instance.IpAddress ? (
          <Field label={t('fields.ip')} mono>
            {instance.IpAddress}
          </Field>
        ) : null}
        <Field label={t('fields.cycle')}>{cycle ? tDeploy(`cycles.${cycle.key}`) : instance.Cycle}</Field>
        <Field label={t('fields.created')}>{date.format(new Date(instance.CreatedAt))}</Field>
        {ended ? <Field label={t('ended.destroyedAt')}>{ended}</Field> : null}
      </FieldPanel>
    </Stack>
  );
}
