import { formatMinor, parseMinor, type PaymentMethodId, type PaymentMethods } from '@nimbus/contract';
import { Alert, Button, Card, Group, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast } from '../../../lib/form/error-toast';
import { useTranslation } from '../../../lib/i18n/react';
import { useAction } from '../../../lib/use-action';
import { topUp } from '../api/payments-api';
import { checkTopUpAmount, money } from '../money';
import { GatewayLabel } from './badges';

export const TOP_UP_INPUT_ID = 'top-up-amount';
type AmountError = 'invalid_value' | 'amount_too_small' | 'amount_too_large';

/**
 * The top-up card: a preset or custom amount within the operator's limits, a gateway, then the
 * customer is sent to the gateway's page to pay. The gateway brings them back to /billing.
 */
export function TopUpCard({ methods }: { methods: PaymentMethods }) {
  const { t } = useTranslation('billing');
  const { t: tErrors } = useTranslation('errors');
  const { Min, Max, Presets, Currency } = methods.TopUp;
  const gateways = methods.Methods.filter((m) => m.Kind === 'gateway');
  const [text, setText] = useState(() => formatMinor(Presets[0] ?? Min));
  const [error, setError] = useState<AmountError | null>(null);
  const [method, setMethod] = useState<PaymentMethodId | undefined>(gateways[0]?.Id);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [leaving, setLeaving] = useState(false);
  const send = useAction((body: { Amount: number; Method: PaymentMethodId }) => topUp(body, idempotencyKey));
  const title = t('topUp.title');
  const chosen = parseMinor(text);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const check = checkTopUpAmount(chosen, methods.TopUp);
    if (!check.ok) return setError(check.error);
    if (!method) return;
    send.mutate(
      { Amount: check.amount, Method: method },
      {
        onSuccess: (payment) => {
          if (!payment.Url) return showErrorToast(null, tErrors, t('topUp.failed'));
          setLeaving(true);
          window.location.assign(payment.Url);
        },
        onError: (err) => {
          setIdempotencyKey(crypto.randomUUID());
          const field = isApiError(err) ? err.fields.Amount : undefined;
          if (field === 'amount_too_small' || field === 'amount_too_large') return setError(field);
          showErrorToast(err, tErrors, t('topUp.failed'));
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {gateways.length === 0 ? (
        <Alert color="gray" title={t('topUp.unavailableTitle')}>
          {t('topUp.unavailable')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" role="group" aria-label={t('topUp.presets')}>
              {Presets.map((preset) => (
                <Button
                  key={preset}
                  variant={chosen === preset ? 'filled' : 'default'}
                  aria-pressed={chosen === preset}
                  onClick={() => {
                    setText(formatMinor(preset));
                    setError(null);
                  }}
                  px="xs"
                >
                  {money(preset, Currency)}
                </Button>
              ))}
            </SimpleGrid>
            <TextInput
              id={TOP_UP_INPUT_ID}
              label={t('topUp.amount')}
              description={t('topUp.limits', { min: money(Min, Currency), max: money(Max, Currency) })}
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setError(null);
              }}
              rightSection={
                <Text fz="sm" c="dimmed">
                  {Currency}
                </Text>
              }
              rightSectionWidth={52}
              error={error ? tErrors(`field.${error}`) : undefined}
            />
            {gateways.length > 1 ? (
              <Radio.Group
                label={t('topUp.method')}
                value={method}
                onChange={(value) => setMethod(value as PaymentMethodId)}
              >
                <Stack gap="xs" mt="xs">
                  {gateways.map((g) => (
                    <Radio key={g.Id} value={g.Id} label={<GatewayLabel method={g} />} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : gateways[0] ? (
              <Group gap="xs">
                <Text fz="sm" c="dimmed">
                  {t('topUp.via')}
                </Text>
                <GatewayLabel method={gateways[0]} />
              </Group>
            ) : null}
            <Group>
              <Button
                type="submit"
                leftSection={<IconCreditCard size={16} aria-hidden />}
                loading={send.isPending || leaving}
              >
                {chosen !== null && chosen > 0
                  ? t('topUp.submitAmount', { amount: money(chosen, Currency) })
                  : t('topUp.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
