import { money } from '../../../lib/money';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import { useSessionUser } from '../../../lib/session/session-query';

/** The balance in the header: integer minor units shown with 2 decimals and the currency. */
export function Balance() {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const amount = money(user.Balance, user.Currency);
  return (
    <Group gap={6} wrap="nowrap" visibleFrom="xs">
      <IconWallet size={18} aria-hidden />
      <Text fz="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <VisuallyHidden>{t('header.balanceLabel', { amount })}</VisuallyHidden>
        <span aria-hidden>{amount}</span>
      </Text>
    </Group>
  );
}
