import { formatAmount, type InvoicedTo, type Issuer, type Locale } from '@nimbus/contract';
import { fill, type DocumentText } from './texts.js';

// Pieces both documents print the same way.

export const docLang = (locale: Locale) => (locale === 'zh_CN' ? 'zh-CN' : 'en');

/** A date as the document's language writes it (in UTC, the day the server recorded). */
export function dayFormat(locale: Locale): (iso: string | Date | null) => string {
  const f = new Intl.DateTimeFormat(locale === 'zh_CN' ? 'zh-CN' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return (d) => (d ? f.format(new Date(d)) : '—');
}

export const amount = (minor: number, currency: string) => `${formatAmount(minor)} ${currency.trim()}`;

/** The issuer's block: legal name, address lines, tax id. */
export function issuerLines(issuer: Issuer, t: DocumentText): string[] {
  return [
    issuer.LegalName,
    ...issuer.Address.split('\n'),
    ...(issuer.TaxId ? [fill(t.taxId, { id: issuer.TaxId })] : []),
  ].filter((line) => line.trim() !== '');
}

/** The customer's block, as the invoice page shows it. */
export function customerLines(to: InvoicedTo): string[] {
  const place = [to.City, to.State, to.Postcode].filter((part) => part !== '').join(', ');
  const name = `${to.FirstName} ${to.LastName}`.trim();
  return [name, to.Company, to.Address1, to.Address2, place, to.Country, to.Email].filter((line) => line !== '');
}
