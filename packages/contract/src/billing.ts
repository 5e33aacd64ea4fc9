import * as z from 'zod/mini';
import { CYCLE_CODES } from './catalog.js';
import { LOCALES } from './constants.js';

// The answers of the money API (docs/product/billing.md#api). Every amount is an integer in minor
// units of its Currency.

const int = () => z.number().check(z.int());
const date = () => z.string().check(z.describe('ISO 8601 date-time (UTC).'));

export const INVOICE_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What an invoice is for: a deploy's first period, a renewal period, an upgrade's difference, or one the operator wrote. */
export const INVOICE_KINDS = ['deploy', 'renewal', 'upgrade', 'manual'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** One row of GET api/invoices. */
export const InvoiceSummary = z
  .object({
    Id: int(),
    Kind: z.enum(INVOICE_KINDS),
    Status: z.enum(INVOICE_STATUSES),
    Amount: int().check(z.describe('Total, minor units of Currency.')),
    Currency: z.string(),
    Cycle: z.nullable(z.enum(CYCLE_CODES)),
    InstanceId: z.nullable(int()),
    Hostname: z.nullable(z.string().check(z.describe('The instance the invoice is for, if any.'))),
    CreatedAt: date(),
    InvoiceDate: date(),
    DueDate: date(),
    PaidAt: z.nullable(date()),
    PeriodStart: z.nullable(date()),
    PeriodEnd: z.nullable(date()),
  })
  .register(z.globalRegistry, { id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** `data` of GET api/invoices: one page of the caller's invoices, newest first, and how many match. */
export const InvoiceList = z
  .object({ Total: int(), Items: z.array(InvoiceSummary) })
  .register(z.globalRegistry, { id: 'InvoiceList' });
export type InvoiceList = z.infer<typeof InvoiceList>;

export const InvoiceItem = z.object({
  Description: z.string(),
  Amount: int().check(z.describe('Minor units; a discount is negative.')),
});
export type InvoiceItem = z.infer<typeof InvoiceItem>;

/** "Invoiced-to" (docs/product/billing.md): the customer's email and profile when the invoice was made. */
export const InvoicedTo = z.object({
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Company: z.string(),
  Address1: z.string(),
  Address2: z.string(),
  City: z.string(),
  State: z.string(),
  Postcode: z.string(),
  Country: z.string(),
});
export type InvoicedTo = z.infer<typeof InvoicedTo>;

/** Who issued an invoice or receipt (the provider's details as they were then). */
export const Issuer = z.object({
  LegalName: z.string(),
  Address: z.string().check(z.describe('Lines separated by \\n.')),
  TaxId: z.string(),
});
export type Issuer = z.infer<typeof Issuer>;

/** `data` of GET api/invoice?id=: the invoice with its items, issuer, invoiced-to block and tax. */
export const Invoice = z
  .object({
    ...InvoiceSummary.shape,
    Items: z.array(InvoiceItem).check(z.describe('Descriptions in the language of `Accept-Language`.')),
    InvoicedTo,
    Issuer,
    Subtotal: int().check(z.describe('Amount less the tax it includes, minor units.')),
    Tax: int().check(z.describe('The tax included in Amount at TaxRate, minor units.')),
    TaxRate: z.number().check(z.describe('Percent, as when the invoice was issued (prices include tax).')),
    Locale: z.enum(LOCALES).check(z.describe('The language it was issued in: its PDF is printed in it.')),
  })
  .register(z.globalRegistry, { id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;

/** How a customer pays: `balance` (invoices only) or a gateway chosen by configuration. */
export const PAYMENT_METHOD_IDS = ['balance', 'sandbox', 'stripe'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];
export const PaymentMethod = z.object({
  Id: z.enum(PAYMENT_METHOD_IDS),
  Name: z.string(),
  Kind: z.enum(['balance', 'gateway']),
  Test: z.boolean().check(z.describe('A test gateway that moves no real money (the sandbox).')),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** `data` of GET api/paymentMethods: the methods on offer and the operator's top-up limits. */
export const PaymentMethods = z
  .object({
    Methods: z.array(PaymentMethod),
    TopUp: z.object({
      Min: int(),
      Max: int(),
      Presets: z.array(int()).check(z.describe('Suggested amounts, minor units.')),
      Currency: z.string(),
    }),
    StripePublishableKey: z.nullable(z.string().check(z.describe('Set only when Stripe is configured.'))),
  })
  .register(z.globalRegistry, { id: 'PaymentMethods' });
export type PaymentMethods = z.infer<typeof PaymentMethods>;

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PURPOSES = ['topup', 'invoice'] as const;

/** A gateway payment: `data` of POST api/balance/topup and GET api/payment?id=. */
export const Payment = z
  .object({
    Id: int(),
    Status: z.enum(PAYMENT_STATUSES),
    Method: z.enum(PAYMENT_METHOD_IDS),
    Purpose: z.enum(PAYMENT_PURPOSES),
    InvoiceId: z.nullable(int()),
    Amount: int(),
    Currency: z.string(),
    Url: z.nullable(z.string().check(z.describe('Where to send the customer while pending.'))),
    CreatedAt: date(),
    CompletedAt: z.nullable(date()),
  })
  .register(z.globalRegistry, { id: 'Payment' });
export type Payment = z.infer<typeof Payment>;

/** `data` of POST api/invoice/pay: paid at once from the balance, or a payment to complete. */
export const InvoicePayResult = z
  .object({ Invoice, Payment: z.nullable(Payment) })
  .register(z.globalRegistry, { id: 'InvoicePayResult' });
export type InvoicePayResult = z.infer<typeof InvoicePayResult>;

export const LEDGER_KINDS = ['topup', 'charge', 'refund', 'commission', 'adjustment'] as const;
export type LedgerKindCode = (typeof LEDGER_KINDS)[number];
export const LedgerEntry = z.object({
  Id: int(),
  Kind: z.enum(LEDGER_KINDS),
  Amount: int().check(z.describe('Signed, minor units.')),
  BalanceAfter: int(),
  Currency: z.string(),
  Note: z.string().check(z.describe('In the language of `Accept-Language` (an operator’s free text as written).')),
  PaymentId: z.nullable(
    int().check(z.describe('The gateway payment of a top-up: its receipt is GET api/payment/receipt?id=.')),
  ),
  CreatedAt: date(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
/** `data` of GET api/balance/transactions: one page of the caller's ledger, newest first. */
export const LedgerList = z
  .object({ Total: int(), Items: z.array(LedgerEntry) })
  .register(z.globalRegistry, { id: 'LedgerList' });
export type LedgerList = z.infer<typeof LedgerList>;
