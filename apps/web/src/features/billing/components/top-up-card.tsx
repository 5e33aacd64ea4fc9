import type { PaymentMethods } from '@nimbus/contract';
import { Card, Title } from '@mantine/core';
import { TopUpForm } from '../../../components/top-up-form';
import { useTranslation } from '../../../lib/i18n/react';

/** /billing's top-up card: the shared top-up form under its title. */
export function TopUpCard({ methods }: { methods: PaymentMethods }) {
  const { t } = useTranslation('billing');
  const title = t('topUp.title');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      <TopUpForm methods={methods} />
    </Card>
  );
}
