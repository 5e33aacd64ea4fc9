import { RRD_TIMEFRAMES, type RrdTimeframe } from '@nimbus/contract';
import { Alert, Group, SegmentedControl, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { instanceRrdQueryOptions } from '../../../lib/instances/instance-live-api';
import { rrdPoints } from '../live-series';
import { UsageCharts } from './usage-charts';

/** The history tab: Proxmox's usage history by timeframe, averaged, in the same charts. */
export function UsageHistory({ id }: { id: number }) {
  const { t } = useTranslation('instance-live');
  const [timeframe, setTimeframe] = useState<RrdTimeframe>('day');
  const { data, isError, isFetching } = useQuery(instanceRrdQueryOptions(id, timeframe, 'AVERAGE'));
  const points = data ? rrdPoints(data) : [];
  return (
    <SectionCard title={t('history.title')}>
      <Group justify="space-between" wrap="wrap" gap="sm" mb="md">
        <Text fz="sm" c="dimmed">
          {t('history.subtitle')}
        </Text>
        <SegmentedControl
          aria-label={t('history.timeframe')}
          value={timeframe}
          onChange={(v) => setTimeframe(v as RrdTimeframe)}
          data={RRD_TIMEFRAMES.map((value) => ({ value, label: t(`history.${value}`) }))}
        />
      </Group>
      {isError ? (
        <Alert color="red" variant="light">
          {t('history.failed')}
        </Alert>
      ) : data && data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <div aria-busy={isFetching} data-timeframe={data ? timeframe : undefined}>
          <UsageCharts points={points} />
        </div>
      )}
    </SectionCard>
  );
}
