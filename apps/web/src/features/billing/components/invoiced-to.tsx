import type { InvoicedTo, Issuer } from '@nimbus/contract';
import { Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import classes from './invoice.module.css';

/** A party of the invoice: a heading and the lines of its address. */
function Party({ id, title, lines, extra }: { id: string; title: string; lines: string[]; extra?: string }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" id={id} mb={4}>
        {title}
      </Title>
      <address className={classes.address}>
        {lines.map((line, i) => (
          <div key={i}>{line}</div>
        ))}
        {extra ? (
          <Text component="div" fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {extra}
          </Text>
        ) : null}
      </address>
    </section>
  );
}

/** The invoiced-to block (docs/product/billing.md): the customer's email and profile when the invoice was made. */
export function InvoicedToBlock({ to }: { to: InvoicedTo }) {
  const { t } = useTranslation('billing');
  const name = `${to.FirstName} ${to.LastName}`.trim();
  const place = [to.City, to.State, to.Postcode].filter((part) => part !== '').join(', ');
  const lines = [name, to.Company, to.Address1, to.Address2, place, to.Country].filter((line) => line !== '');
  return <Party id="invoiced-to" title={t('invoice.invoicedTo')} lines={lines} extra={to.Email} />;
}

/** Who issued the invoice: the provider's legal name, address and tax id as they were then. */
export function IssuerBlock({ issuer }: { issuer: Issuer }) {
  const { t } = useTranslation('billing');
  const lines = [issuer.LegalName, ...issuer.Address.split('\n')].filter((line) => line.trim() !== '');
  const taxId = issuer.TaxId ? t('invoice.taxId', { id: issuer.TaxId }) : undefined;
  return <Party id="invoice-from" title={t('invoice.from')} lines={lines} extra={taxId} />;
}
