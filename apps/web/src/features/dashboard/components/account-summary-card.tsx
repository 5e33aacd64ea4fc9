import { formatAmount } from '@nimbus/contract';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconWallet } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import { AnchorLink } from '../../../components/router-link';
import type { SessionUserData } from '../../../lib/session/session-query';

export function AccountSummaryCard({ user }: { user: SessionUserData }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card component="section" aria-labelledby="account-summary-title">
      <Stack gap="md" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="account-summary-title">
            {t('account.title')}
          </Title>
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconWallet size={20} />
          </ThemeIcon>
        </Group>
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            {t('account.balance')}
          </Text>
          <Text fz={32} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatAmount(user.Balance)}{' '}
            <Text span fz="lg" fw={600} c="dimmed">
              {user.Currency}
            </Text>
          </Text>
          <Text fz="xs" c="dimmed">
            {t('account.currencyNote', { currency: user.Currency })}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            {t('account.email')}
          </Text>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {user.Email}
          </Text>
        </Stack>
        <AnchorLink to="/me" fz="sm" fw={600} mt="auto">
          {t('account.manage')} <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
        </AnchorLink>
      </Stack>
    </Card>
  );
}
