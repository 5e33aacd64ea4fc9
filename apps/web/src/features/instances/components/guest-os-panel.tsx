import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { guestOsQueryOptions } from '../../../lib/instances/instance-live-api';
import { Field, FieldList } from './field';

/** What the QEMU guest agent reports about the operating system. */
export function GuestOsPanel({ id }: { id: number }) {
  const { t } = useTranslation('instance-live');
  const { data, isPending } = useQuery(guestOsQueryOptions(id));
  const unknown = t('guest.unknown');
  return (
    <SectionCard title={t('guest.title')}>
      {isPending ? null : !data?.Available ? (
        <Text fz="sm" c="dimmed">
          {t('guest.unavailable')}
        </Text>
      ) : (
        <FieldList>
          <Field label={t('guest.name')}>{data.PrettyName ?? data.Name ?? unknown}</Field>
          <Field label={t('guest.version')}>{data.Version ?? unknown}</Field>
          <Field label={t('guest.kernel')} mono>
            {data.KernelRelease ?? unknown}
          </Field>
          <Field label={t('guest.machine')} mono>
            {data.Machine ?? unknown}
          </Field>
        </FieldList>
      )}
    </SectionCard>
  );
}
