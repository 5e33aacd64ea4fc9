import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { instanceRrdQueryOptions, instanceStatusQueryOptions } from '../../../lib/instances/instance-live-api';
import { appendSample, emptyHistory, type LiveHistory, overviewPoints, rrdPoints } from '../live-series';
import { UsageCharts } from './usage-charts';

/**
 * The live history of an instance: its status polled every 2 s (also in the background), 120
 * samples kept. Held by the page (LiveHistoryScope), so switching tabs does not lose it.
 */
function useLiveHistory(id: number): LiveHistory {
  const { data } = useQuery(instanceStatusQueryOptions(id));
  const [history, setHistory] = useState(emptyHistory);
  useEffect(() => {
    if (data) setHistory((h) => appendSample(h, data));
  }, [data]);
  return history;
}

const LiveHistoryContext = createContext<LiveHistory>(emptyHistory);

/** Keeps the live history of an instance for the LiveUsage inside it, whichever tab is open. */
export function LiveHistoryScope({ id, children }: { id: number; children: ReactNode }) {
  const history = useLiveHistory(id);
  return <LiveHistoryContext value={history}>{children}</LiveHistoryContext>;
}

/**
 * The overview's live charts: the last 60 samples, led in by the last minutes of the usage history
 * (one read of the hour's averages when the overview opens) until the samples fill them.
 */
export function LiveUsage({ id }: { id: number }) {
  const history = useContext(LiveHistoryContext);
  const { t } = useTranslation('instance-live');
  const { data: hour } = useQuery({ ...instanceRrdQueryOptions(id, 'hour'), staleTime: Infinity });
  const seed = useMemo(() => (hour ? rrdPoints(hour) : []), [hour]);
  const points = useMemo(() => overviewPoints(history.points, seed, Date.now() / 1000), [history.points, seed]);
  return (
    <SectionCard title={t('live.title')}>
      <UsageCharts points={points} />
    </SectionCard>
  );
}
