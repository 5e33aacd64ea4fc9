import type { PaymentMethod } from '@nimbus/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';

/** A payment method's name, with a clear badge when it is a test gateway that moves no money. */
export function GatewayLabel({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation('billing');
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      <Text component="span" fz="sm" fw={500}>
        {method.Id === 'balance' ? t('methods.balance') : method.Name}
      </Text>
      {method.Test ? (
        <Badge component="span" color="orange" variant="outline" size="sm" style={{ textTransform: 'none' }}>
          {t('methods.test')}
        </Badge>
      ) : null}
    </Group>
  );
}
