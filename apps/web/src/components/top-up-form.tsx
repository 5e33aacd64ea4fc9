import {
  formatMinor,
  parseMinor,
  type Payment,
  type PaymentMethod,
  type PaymentMethodId,
  type PaymentMethods,
} from '@nimbus/contract';
import { Alert, Badge, Box, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../lib/api-error';
import { showErrorToast } from '../lib/form/error-toast';
import { useTranslation } from '../lib/i18n/react';
import { money } from '../lib/money';
import { checkTopUpAmount } from '../lib/payments/top-up-amount';
import { topUp } from '../lib/payments/top-up-api';
import { useAction } from '../lib/use-action';

// The top-up form of /billing and of /deploy's checkout (when the balance cannot cover a deploy),
// with the gateway's name: one module, so the pages sharing it load one chunk (each chunk name
// costs /login's budget).

export const TOP_UP_INPUT_ID = 'top-up-amount';
type AmountError = 'invalid_value' | 'amount_too_small' | 'amount_too_large';

/** A payment method's name, with a clear badge when it is a test gateway that moves no money. */
export function GatewayLabel({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation('billing');
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      <Text component="span" fz="sm" fw={500}>
        {t(`methods.${method.Id}`)}
      </Text>
      {method.Test ? (
        <Badge component="span" color="orange" variant="outline" size="sm" style={{ textTransform: 'none' }}>
          {t('methods.test')}
        </Badge>
      ) : null}
    </Group>
  );
}

interface TopUpFormProps {
  methods: PaymentMethods;
  /** The amount offered first, in minor units; the first preset (or the minimum) when absent. */
  initialAmount?: number;
  /** Called with the payment just before the customer is sent to the gateway's page. */
  onLeave?: (payment: Payment) => void;
}

/**
 * A preset or custom amount within the operator's limits, a gateway, then the customer is sent to
 * the gateway's page to pay. The gateway brings them back to /billing.
 */
export function TopUpForm({ methods, initialAmount, onLeave }: TopUpFormProps) {
  const { t } = useTranslation('billing');
  const { t: tErrors } = useTranslation('errors');
  const { Min, Max, Presets, Currency } = methods.TopUp;
  const gateways = methods.Methods.filter((m) => m.Kind === 'gateway');
  const [text, setText] = useState(() => formatMinor(initialAmount ?? Presets[0] ?? Min));
  const [error, setError] = useState<AmountError | null>(null);
  const [method, setMethod] = useState<PaymentMethodId | undefined>(gateways[0]?.Id);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [leaving, setLeaving] = useState(false);
  const send = useAction((body: { Amount: number; Method: PaymentMethodId }) => topUp(body, idempotencyKey));
  const chosen = parseMinor(text);

  if (gateways.length === 0) {
    return (
      <Alert color="gray" title={t('topUp.unavailableTitle')}>
        {t('topUp.unavailable')}
      </Alert>
    );
  }

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
          onLeave?.(payment);
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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {/* As many presets to a row as fit the form's width (four on /billing, two on a phone),
            each the same width, so the row is filled rather than ragged. */}
        <Box
          role="group"
          aria-label={t('topUp.presets')}
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(7.25rem, 1fr))',
            gap: 'var(--mantine-spacing-xs)',
          }}
        >
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
        </Box>
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
  );
}
