import { EmailField, formatMinor, INVOICE_STATUSES, PAYMENT_STATUSES, toLocalText } from '@nimbus/contract';
import type { Db } from '../../infra/db/pool.js';
import { STAFF_LOCALE } from '../../infra/lib/locale.js';
import { invoiceAdmin } from '../../domains/billing/operator.js';
import { billing } from '../../domains/billing/repository.js';
import { invoiceOf } from '../../domains/billing/service.js';
import { payments } from '../../domains/payments/repository.js';
import { users } from '../../domains/users/repository.js';
import { localFlag, need } from '../args.js';
import { money } from './users.js';
import type { Command } from './types.js';

async function userByEmail(db: Db, text: string) {
  const email = EmailField.parse(text);
  const user = await users.byEmail(db, email);
  if (!user) throw new Error(`no user with email ${email}`);
  return user;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`--${flag} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function positiveInt(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`--${flag} must be a positive whole number`);
  return n;
}

const amount = (minor: number, currency: string) => `${formatMinor(minor)} ${currency.trim()}`;
const day = (d: Date) => d.toISOString().slice(0, 10);

export const billingCommands: Record<string, Command> = {
  'invoice:list': {
    usage: '[--email E] [--status unpaid|paid|cancelled]     (newest 200)',
    async run({ db, flags: f }) {
      const userId = f.email ? (await userByEmail(db, f.email)).id : undefined;
      const status = oneOf(f.status, INVOICE_STATUSES, 'status');
      const { total, rows } = await billing.invoices(db, { userId, status }, { limit: 200, page: 1 });
      const lines = rows.map((i) =>
        [
          i.id,
          i.invoiced_to.Email ?? '',
          i.kind,
          i.status,
          amount(i.amount, i.currency),
          day(i.due_date),
          i.hostname ?? '-',
        ].join('\t'),
      );
      return ['id\temail\tkind\tstatus\tamount\tdue\tinstance', ...lines, `${total} invoice(s)`].join('\n');
    },
  },
  'invoice:show': {
    usage: '--id N',
    async run({ db, flags: f }) {
      const row = await billing.invoice(db, positiveInt(need(f, 'id'), 'id'));
      if (!row) throw new Error('no such invoice');
      const inv = await invoiceOf(db, row, STAFF_LOCALE);
      const to = inv.InvoicedTo;
      return [
        `invoice #${inv.Id} (${inv.Kind}) ${inv.Status}`,
        `to: ${[`${to.FirstName} ${to.LastName}`.trim(), to.Email, to.Company, to.Country].filter(Boolean).join(', ')}`,
        `created ${inv.CreatedAt}, due ${inv.DueDate}${inv.PaidAt ? `, paid ${inv.PaidAt}` : ''}`,
        ...(inv.Hostname ? [`instance: ${inv.Hostname} (#${inv.InstanceId})`] : []),
        ...inv.Items.map((i) => `  ${i.Description}\t${amount(i.Amount, inv.Currency)}`),
        ...(inv.TaxRate > 0
          ? [`subtotal: ${amount(inv.Subtotal, inv.Currency)}, tax ${inv.TaxRate}%: ${amount(inv.Tax, inv.Currency)}`]
          : []),
        `total: ${amount(inv.Amount, inv.Currency)}`,
      ].join('\n');
    },
  },
  'invoice:cancel': {
    usage: '--id N [--refund]     (a paid invoice needs --refund: its amount goes back to the balance)',
    switches: ['refund'],
    async run({ db, flags: f }) {
      const id = positiveInt(need(f, 'id'), 'id');
      const row = await billing.invoice(db, id);
      if (!row) throw new Error('no such invoice');
      if (row.status === 'paid' && !f.refund) throw new Error('invoice is paid: add --refund to refund and cancel it');
      const { refunded } = await invoiceAdmin.cancel(db, id, { refund: f.refund === 'true' });
      return `invoice #${id} cancelled${refunded ? `, ${amount(refunded, row.currency)} refunded to the balance` : ''}`;
    },
  },
  'invoice:create': {
    usage:
      '--email E --amount N (--description T | --description-zh T) [--description-zh T] [--due-days D]\n' +
      '      (an unpaid manual invoice; its line in English, Chinese or both)',
    async run({ db, flags: f }) {
      const user = await userByEmail(db, need(f, 'email'));
      const minor = money(need(f, 'amount'), 'amount');
      if (minor <= 0) throw new Error('--amount must be more than 0');
      const description = toLocalText(localFlag(f, 'description'));
      const bad = (t: string) => t.trim().length > 500 || (t !== '' && t.trim() === '');
      if (Object.values(description).every((t) => t.trim() === '') || Object.values(description).some(bad))
        throw new Error('--description (or --description-zh) must be 1 to 500 characters');
      const dueDays = f['due-days'] === undefined ? 7 : positiveInt(f['due-days'], 'due-days');
      const inv = await invoiceAdmin.create(db, user, { amount: minor, description, dueDays });
      return `created invoice #${inv.id} for ${user.email}: ${amount(inv.amount, inv.currency)}, due ${day(inv.due_date)}`;
    },
  },
  'payment:list': {
    usage: '[--email E] [--status pending|succeeded|failed|cancelled|expired]     (newest 200)',
    async run({ db, flags: f }) {
      const userId = f.email ? (await userByEmail(db, f.email)).id : undefined;
      const status = oneOf(f.status, PAYMENT_STATUSES, 'status');
      const rows = await payments.list(db, { userId, status });
      const lines = rows.map((p) =>
        [
          p.id,
          p.email,
          p.method,
          p.purpose === 'invoice' ? `invoice #${p.invoice_id}` : 'topup',
          p.status,
          amount(p.amount, p.currency),
          p.created_at.toISOString(),
        ].join('\t'),
      );
      return ['id\temail\tmethod\tpurpose\tstatus\tamount\tcreated', ...lines].join('\n');
    },
  },
};
