import { money } from '../../../lib/money';
import {
  type CycleKey,
  formatAmount,
  type Group,
  type Product,
  type Region,
  SELECTABLE_CYCLES,
} from '@nimbus/contract';
import { SimpleGrid, Text } from '@mantine/core';
import { Flag } from '../../../components/flag';
import { useTranslation } from '../../../lib/i18n/react';
import { inStock, regionClosedReason, visibleProducts } from '../draft';
import classes from './deploy.module.css';
import { OptionCard, radioArrows } from './option-card';

/** Catalogue HTML, sanitised by the server when it was imported (docs/product/deploy.md#catalogue). */
export function Html({ html }: { html: string }) {
  // Sanitised on import by the server (apps/server/src/domains/catalog/sanitize.ts).
  return <div className={classes.description} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function RegionCards(props: { regions: Region[]; value: number | null; onChange: (region: Region) => void }) {
  const { t } = useTranslation('deploy');
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      role="radiogroup"
      onKeyDown={radioArrows}
      aria-label={t('sections.region')}
    >
      {props.regions.map((region) => {
        // One badge for a region that cannot be chosen, worded as the size cards word it.
        const closed = regionClosedReason(region);
        return (
          <OptionCard
            key={region.Id}
            selected={region.Id === props.value}
            disabled={closed !== null}
            onSelect={() => props.onChange(region)}
            icon={<Flag code={region.CountryCode} />}
            title={region.Name}
            badge={closed === 'soldOut' ? t('size.soldOut') : closed === 'noGroups' ? t('region.noGroups') : undefined}
          >
            <Html html={region.Description} />
          </OptionCard>
        );
      })}
    </SimpleGrid>
  );
}

export function GroupCards(props: { groups: Group[]; value: number | null; onChange: (group: Group) => void }) {
  const { t } = useTranslation('deploy');
  if (props.groups.length === 0) return <Text c="dimmed">{t('type.empty')}</Text>;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      role="radiogroup"
      onKeyDown={radioArrows}
      aria-label={t('sections.type')}
    >
      {props.groups.map((group) => (
        <OptionCard
          key={group.Id}
          selected={group.Id === props.value}
          onSelect={() => props.onChange(group)}
          title={group.Name}
        >
          <Html html={group.Description} />
        </OptionCard>
      ))}
    </SimpleGrid>
  );
}

const memory = (mib: number) => (mib >= 1024 ? `${+(mib / 1024).toFixed(1)} GB` : `${mib} MB`);

export function ProductCards(props: {
  group: Group | undefined;
  value: number | null;
  onChange: (p: Product) => void;
}) {
  const { t } = useTranslation('deploy');
  const products = visibleProducts(props.group);
  if (products.length === 0) return <Text c="dimmed">{t('size.empty')}</Text>;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      role="radiogroup"
      onKeyDown={radioArrows}
      aria-label={t('sections.size')}
    >
      {products.map((product) => {
        const soldOut = !inStock(product);
        const monthly = product.Price.monthly;
        return (
          <OptionCard
            key={product.Id}
            selected={product.Id === props.value}
            disabled={soldOut}
            onSelect={() => props.onChange(product)}
            title={product.Name}
            badge={
              soldOut
                ? t('size.soldOut')
                : product.Stock !== null && product.Stock <= 5
                  ? t('size.left', { count: product.Stock })
                  : undefined
            }
          >
            {monthly !== undefined ? (
              <Text fz="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Text span fw={700} fz="xl" c="var(--mantine-color-text)">
                  {formatAmount(monthly)}
                </Text>{' '}
                {product.Currency} {t('size.perMonth')}
              </Text>
            ) : null}
            <Text fz="sm">
              {t('size.cores', { count: product.Cores })} · {t('size.memory', { amount: memory(product.Memory) })}
            </Text>
            <Text fz="sm">
              {t('size.disk', { amount: product.Disk })} ·{' '}
              {product.Bandwidth === 0 ? t('size.unmetered') : t('size.bandwidth', { amount: product.Bandwidth })}
            </Text>
            <Html html={product.Description} />
          </OptionCard>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * The four selectable cycles (docs/product/deploy.md#billing-cycles-cycles-catalogts), each with
 * its price; unpriced ones are shown disabled.
 */
export function CycleCards(props: { product: Product; value: CycleKey | null; onChange: (cycle: CycleKey) => void }) {
  const { t } = useTranslation('deploy');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} role="radiogroup" onKeyDown={radioArrows} aria-label={t('sections.cycle')}>
      {SELECTABLE_CYCLES.map((key) => {
        const price = props.product.Price[key];
        return (
          <OptionCard
            key={key}
            selected={key === props.value}
            disabled={price === undefined}
            onSelect={() => props.onChange(key)}
            title={t(`cycles.${key}`)}
          >
            <Text fz="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {price === undefined ? t('cycle.unavailable') : money(price, props.product.Currency)}
            </Text>
          </OptionCard>
        );
      })}
    </SimpleGrid>
  );
}
