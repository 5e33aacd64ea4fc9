import type { InvoicedTo } from '@nimbus/contract';
import { Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import classes from './invoice.module.css';

/** SPEC §3's invoiced-to block: the customer's email and profile when the invoice was made. */
export function InvoicedToBlock({ to }: { to: InvoicedTo }) {
  const { t } = useTranslation('billing');
  const name = `${to.FirstName} ${to.LastName}`.trim();
  const place = [to.City, to.State, to.Postcode].filter((part) => part !== '').join(', ');
  const lines = [name, to.Company, to.Address1, to.Address2, place, to.Country].filter((line) => line !== '');
  return (
    <section aria-labelledby="invoiced-to">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" id="invoiced-to" mb={4}>
        {t('invoice.invoicedTo')}
      </Title>
      <address className={classes.address}>
        {lines.map((line, i) => (
          <div key={i}>{line}</div>
        ))}
        <Text component="div" fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {to.Email}
        </Text>
      </address>
    </section>
  );
}
