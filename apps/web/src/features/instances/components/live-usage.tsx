import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { instanceStatusQueryOptions } from '../api/instance-live-api';
import { appendSample, emptyHistory, type LiveHistory, overviewWindow } from '../live-series';
import { UsageCharts } from './usage-charts';

/**
 * The live history of an instance: its status polled every 2 s (also in the background), 120
 * samples kept. Held by the page, so switching tabs does not lose it.
 */
export function useLiveHistory(id: number): LiveHistory {
  const { data } = useQuery(instanceStatusQueryOptions(id));
  const [history, setHistory] = useState(emptyHistory);
  useEffect(() => {
    if (data) setHistory((h) => appendSample(h, data));
  }, [data]);
  return history;
}

/** The overview's live charts: the last 60 samples. */
export function LiveUsage({ history }: { history: LiveHistory }) {
  const { t } = useTranslation('instance-live');
  return (
    <SectionCard title={t('live.title')}>
      <UsageCharts points={overviewWindow(history.points)} />
    </SectionCard>
  );
}
