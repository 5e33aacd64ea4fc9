import { money } from '../../../lib/money';
import { cycleByKey, PROMO_CODE_MAX, type Product, type PromotionRefusal } from '@nimbus/contract';
import { Button, Card, Divider, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRocket, IconTicket } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast } from '../../../lib/form/error-toast';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session/session-query';
import { useAction } from '../../../lib/use-action';
import { quotePrice } from '../api/deploy-api';
import type { DeployDraft, Missing } from '../draft';
import classes from './deploy.module.css';
import { type ParkedDraft, ShortfallAlert } from './top-up-dialog';

/**
 * An applied promotion code and the price api/deploy/price answered for it
 * (docs/product/deploy.md#promotion-codes: the discounted price, in minor units). The original
 * price is the catalogue's; the discount is the difference.
 */
export interface Promotion {
  code: string;
  price: number;
}

interface CheckoutSummaryProps {
  draft: DeployDraft;
  product: Product | undefined;
  names: { region?: string; type?: string; image?: string };
  promotion: Promotion | null;
  promoInput: string;
  /** What a top-up from the checkout leaves behind, to come back to. */
  parked: ParkedDraft;
  onPromoInput: (code: string) => void;
  onPromotion: (promotion: Promotion | null) => void;
  canDeploy: boolean;
  /** What the draft still lacks, said under "Deploy now" while it is disabled for want of it. */
  missing: Missing[];
  deploying: boolean;
  onDeploy: () => void;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text c="dimmed" fz="sm">
        {label}
      </Text>
      <Text fz="sm" fw={500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/**
 * The side summary of /deploy (docs/product/deploy.md#deploy-page): checkout information, the
 * promotion card and "Deploy now".
 */
export function CheckoutSummary(props: CheckoutSummaryProps) {
  const { t } = useTranslation('deploy');
  const { t: tErrors } = useTranslation('errors');
  const user = useSessionUser();
  const { draft, product, promotion } = props;
  const currency = product?.Currency ?? user.Currency;
  const amount = (minor: number) => money(minor, currency);
  const original = draft.originalPrice ?? undefined;
  const total = draft.calculatedPrice;
  // What the balance lacks for this deploy, when both are in one currency.
  const shortfall = total !== null && currency === user.Currency ? Math.max(0, total - user.Balance) : 0;
  /** What a quoted price takes off the catalogue's price for the cycle (the quote is the discounted price). */
  const discountOn = (price: number) => (original === undefined ? 0 : Math.max(0, original - price));
  const none = t('summary.none');
  const [checking, setChecking] = useState(false);
  /** Applying an empty code (Enter; the button is disabled then) asks for one. */
  const [codeRequired, setCodeRequired] = useState(false);
  const apply = useAction(quotePrice);
  const missingId = useId();
  const guide = props.missing.length > 0 && !props.deploying;

  const applyCode = () => {
    const code = props.promoInput.trim();
    if (code === '') {
      setCodeRequired(true);
      return;
    }
    if (!product || !draft.cycle) {
      notify.briefWarning({ title: t('promo.selectFirst') });
      return;
    }
    const cycle = cycleByKey(draft.cycle);
    if (!cycle) return;
    setChecking(true);
    apply.mutate(
      { ProductId: product.Id, Quantity: 1, Cycle: cycle.code, PromotionCode: code, CustomConfig: [] },
      {
        onSuccess: (price) => {
          setChecking(false);
          props.onPromotion({ code, price });
          notify.success({
            title: t('promo.applied'),
            message: t('promo.appliedMessage', { code, amount: amount(discountOn(price)) }),
          });
        },
        onError: (error) => {
          setChecking(false);
          props.onPromotion(null);
          if (isApiError(error) && (error.code === 'invalid_promotion_code' || error.code === 'parse_data_error')) {
            // "invalid promotion code", with why when the server says (expired, used…).
            const reason = error.fields.PromotionCode;
            const known = reason?.startsWith('promotion_') === true;
            notify.warning({
              title: t('promo.invalid'),
              message: known ? tErrors(`field.${reason as PromotionRefusal}`) : t('promo.invalidHint'),
            });
          } else {
            showErrorToast(error, tErrors, t('promo.invalid'));
          }
        },
      },
    );
  };

  return (
    <Stack component="aside" aria-label={t('summary.title')} gap="md" className={classes.summary}>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="h4" mb="sm">
          {t('summary.title')}
        </Title>
        <Stack gap={8}>
          <Line label={t('summary.region')} value={props.names.region ?? none} />
          <Line label={t('summary.type')} value={props.names.type ?? none} />
          <Line label={t('summary.size')} value={product?.Name ?? none} />
          <Line label={t('summary.cycle')} value={draft.cycle ? t(`cycles.${draft.cycle}`) : none} />
          <Line label={t('summary.image')} value={props.names.image ?? none} />
          <Divider my={4} />
          <Line label={t('summary.originalPrice')} value={original === undefined ? none : amount(original)} />
          {/* Written as the invoice writes its line: "Discount (CODE)", a negative amount. */}
          {promotion ? (
            <Line
              label={t('summary.discount', { code: promotion.code.toUpperCase() })}
              value={amount(-discountOn(promotion.price))}
            />
          ) : null}
          <Group justify="space-between" wrap="nowrap" align="baseline">
            <Text fw={600}>{t('summary.total')}</Text>
            <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="deploy-total">
              {total === null ? none : amount(total)}
            </Text>
          </Group>
          <Text c="dimmed" fz="xs" ta="right">
            {t('summary.balance', { amount: money(user.Balance, user.Currency) })}
          </Text>
          {shortfall > 0 ? <ShortfallAlert shortfall={shortfall} currency={currency} parked={props.parked} /> : null}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="h5" mb="sm">
          {t('promo.title')}
        </Title>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={t('promo.title')}
            placeholder={t('promo.placeholder')}
            leftSection={<IconTicket size={16} aria-hidden />}
            value={props.promoInput}
            maxLength={PROMO_CODE_MAX}
            error={codeRequired ? t('promo.required') : undefined}
            onChange={(e) => {
              setCodeRequired(false);
              props.onPromoInput(e.currentTarget.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyCode();
              }
            }}
            style={{ flex: 1 }}
          />
          {promotion ? (
            <Button variant="default" onClick={() => props.onPromotion(null)}>
              {t('promo.remove')}
            </Button>
          ) : (
            <Button variant="light" onClick={applyCode} disabled={props.promoInput.trim() === ''} loading={checking}>
              {t('promo.apply')}
            </Button>
          )}
        </Group>
      </Card>
      <Button
        size="lg"
        leftSection={<IconRocket size={20} aria-hidden />}
        disabled={!props.canDeploy}
        loading={props.deploying}
        onClick={props.onDeploy}
        aria-describedby={guide ? missingId : undefined}
        fullWidth
      >
        {t('deployNow')}
      </Button>
      {guide ? (
        <div id={missingId} className={classes.missing}>
          <Text fz="sm" fw={600}>
            {t('missing.title')}
          </Text>
          <List size="sm" spacing={2}>
            {props.missing.map((m) => (
              <List.Item key={m}>{t(`missing.${m}`)}</List.Item>
            ))}
          </List>
        </div>
      ) : null}
    </Stack>
  );
}
