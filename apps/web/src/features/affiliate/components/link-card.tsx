import { Button, CopyButton, Group, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { AffiliateSummary } from '@nimbus/contract';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import classes from './affiliate.module.css';

/** The referral link with a copy button, and what sharing it earns. */
export function LinkCard({ summary }: { summary: AffiliateSummary }) {
  const { t } = useTranslation('affiliate');
  return (
    <SectionCard title={t('link.title')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          className={classes.link}
          label={t('link.label')}
          value={summary.Link}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={summary.Link}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={() => {
                copy();
                notify.success({ title: t('link.copied') });
              }}
            >
              {t('link.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text fz="sm" c="dimmed" mt="sm">
        {t('link.terms', { rate: summary.Rate, days: summary.HoldDays })}
      </Text>
    </SectionCard>
  );
}
