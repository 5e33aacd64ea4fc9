import { cycleByKey, type DeployBody, type Region } from '@nimbus/contract';
import { Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { dropTopUpReturn, topUpReturnState } from '../../../lib/payments/top-up-return';
import { refreshBalance } from '../../../lib/session/balance';
import { useAction } from '../../../lib/use-action';
import { deploy, productsQueryOptions, templatesQueryOptions } from '../api/deploy-api';
import {
  cascade,
  chooseGroup,
  type DeployDraft,
  missingForDeploy,
  newDraft,
  priced,
  pricedCycles,
  restoredDraft,
  select,
  templateLabel,
} from '../draft';
import type { DeploySearch } from '../search';
import { CycleCards, GroupCards, ProductCards, RegionCards } from './catalog-sections';
import { CheckoutSummary, type Promotion } from './checkout-summary';
import type { ParkedDraft } from './top-up-dialog';
import classes from './deploy.module.css';
import { DeployProgress, type DeployingTask } from './deploy-progress';
import { ImagePicker } from './image-picker';
import { ServerConfig } from './server-config';

/**
 * /deploy (docs/product/deploy.md#deploy-page): the draft lives in this component, so leaving the
 * page clears it; moving within /deploy keeps it. The one way out that keeps it is a top-up from
 * the checkout: the draft is left in the tab's storage, and /billing brings the customer back here
 * with `resume`.
 */
export function DeployPage({ search }: { search: DeploySearch }) {
  const { t } = useTranslation('deploy');
  const { t: tErrors } = useTranslation('errors');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: regions } = useSuspenseQuery(productsQueryOptions());
  const [parked] = useState(() => topUpReturnState('/deploy', search.resume) as ParkedDraft | undefined);
  const [draft, setDraft] = useState<DeployDraft>(
    () => (parked && restoredDraft(regions, parked.draft)) || newDraft(regions, search),
  );
  const [promoInput, setPromoInput] = useState(() =>
    parked && typeof parked.promoInput === 'string' ? parked.promoInput : (search.promo_code ?? ''),
  );
  // A draft left for a top-up is picked up once; entering /deploy any other way forgets it.
  useEffect(() => {
    dropTopUpReturn();
    if (search.resume !== undefined) {
      void navigate({ to: '/deploy', search: (prev) => ({ ...prev, resume: undefined }), replace: true });
    }
  }, [navigate, search.resume]);
  const promotion: Promotion | null =
    draft.promoCode !== '' && draft.calculatedPrice !== null
      ? { code: draft.promoCode, price: draft.calculatedPrice }
      : null;
  const setPromotion = (p: Promotion | null) =>
    setDraft((d) => priced({ ...d, promoCode: p?.code ?? '', calculatedPrice: p?.price ?? null }, regions));
  const [task, setTask] = useState<DeployingTask | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const send = useAction((body: DeployBody) => deploy(body, idempotencyKey));

  const { region, group, product } = select(regions, draft);
  const templates = useQuery({ ...templatesQueryOptions(draft.productId ?? 0), enabled: draft.productId !== null });
  const template = templates.data?.find((tpl) => tpl.Id === draft.templateId);

  const patch = (next: Partial<DeployDraft>) => setDraft((d) => ({ ...d, ...next }));
  /** Changing the product or cycle clears the promotion and shows the original price. */
  const choose = (next: Partial<DeployDraft>) =>
    setDraft((d) => {
      const merged = { ...d, ...next, promoCode: '' };
      const keepTemplate = merged.productId === d.productId;
      return priced(
        {
          ...merged,
          templateId: keepTemplate ? d.templateId : null,
          templateName: keepTemplate ? d.templateName : '',
        },
        regions,
      );
    });
  const chooseRegion = (r: Region) => choose(cascade(r, draft.groupId, draft.productId));

  const missing = missingForDeploy(draft, { product, hasTemplate: !!template });
  const canDeploy = missing.length === 0 && !send.isPending && task === null;

  const submit = () => {
    const cycle = draft.cycle ? cycleByKey(draft.cycle) : undefined;
    if (!canDeploy || !product || !template || !cycle) return;
    send.mutate(
      {
        ProductId: product.Id,
        Quantity: 1,
        Cycle: cycle.code,
        PromotionCode: promotion?.code ?? '',
        Hostnames: [draft.hostname],
        UserData: {
          TemplateId: template.Id,
          Username: draft.username,
          Password: draft.password,
          SSHKeyIds: draft.keyIds,
          Start: draft.startAfterReinstall,
        },
        CustomConfig: [],
      },
      {
        onSuccess: (result) => {
          notify.success({
            title: t('toast.deploying'),
            message: t('toast.deployingMessage', { hostname: draft.hostname }),
          });
          refreshBalance(queryClient);
          setTask({ instanceId: result.InstanceId, taskId: result.TaskId, hostname: draft.hostname });
        },
        onError: (error) => {
          // A refused deploy is answered for good: the next click is a new request.
          setIdempotencyKey(crypto.randomUUID());
          if (isApiError(error) && error.code === 'invalid_promotion_code') setPromotion(null);
          // The HTTP client already told the customer (a session that ended, a rate limit…).
          if (isApiError(error) && error.handled) return;
          // "deploy failed" with the contact-admin hint for 3 s, like a failed deploy task,
          // led by what was refused (the balance, the stock, the promotion).
          const reason = tErrors(`code.${isApiError(error) ? error.code : 'unknown_error'}`);
          notify.failure({ title: t('toast.failed'), message: t('toast.refusedMessage', { reason }) });
        },
      },
    );
  };

  return (
    <div className={classes.layout}>
      <Stack gap="lg">
        <SectionCard title={t('sections.region')}>
          <RegionCards regions={regions} value={draft.regionId} onChange={chooseRegion} />
        </SectionCard>
        <SectionCard title={t('sections.type')}>
          <GroupCards
            groups={region?.Groups ?? []}
            value={draft.groupId}
            onChange={(g) => choose(chooseGroup(region, g.Id))}
          />
        </SectionCard>
        <SectionCard title={t('sections.size')}>
          <ProductCards
            group={group}
            value={draft.productId}
            onChange={(p) => choose({ productId: p.Id, cycle: pricedCycles(p)[0] ?? null })}
          />
        </SectionCard>
        <SectionCard title={t('sections.cycle')}>
          {product ? (
            <CycleCards product={product} value={draft.cycle} onChange={(cycle) => choose({ cycle })} />
          ) : (
            <Text c="dimmed">{t('size.empty')}</Text>
          )}
        </SectionCard>
        <SectionCard title={t('sections.image')}>
          <ImagePicker
            templates={draft.productId === null ? [] : templates.data}
            value={draft.templateId}
            onChange={(tpl) => patch({ templateId: tpl.Id, templateName: templateLabel(tpl) })}
          />
        </SectionCard>
        <SectionCard title={t('sections.config')}>
          <ServerConfig draft={draft} onChange={patch} />
        </SectionCard>
      </Stack>
      <CheckoutSummary
        draft={draft}
        product={product}
        names={{
          region: region?.Name,
          type: group?.Name,
          image: template ? draft.templateName : undefined,
        }}
        promotion={promotion}
        promoInput={promoInput}
        parked={{ draft, promoInput }}
        onPromoInput={setPromoInput}
        onPromotion={setPromotion}
        canDeploy={canDeploy}
        missing={missing}
        deploying={send.isPending}
        onDeploy={submit}
      />
      {task ? <DeployProgress task={task} /> : null}
    </div>
  );
}
