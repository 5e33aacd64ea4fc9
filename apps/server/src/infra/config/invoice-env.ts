import { CONTROL_CHARS_BUT_LINES } from '@nimbus/contract';
import { z } from 'zod';

/** A line of text for a document header: trimmed, at most `max` characters, no control characters. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !CONTROL_CHARS_BUT_LINES.test(v), { message: 'no control characters' })
    .default('');

/**
 * Who issues the invoices and receipts (docs/product/billing.md#tax-and-documents), printed on each
 * as it was when it was issued, and the tax rate included in every price.
 */
export const invoiceEnv = {
  PROVIDER_LEGAL_NAME: text(200),
  /** Lines separated by `\n` (the two characters, or a real line break). */
  PROVIDER_ADDRESS: text(1000).transform((v) => v.replace(/\\n/g, '\n')),
  PROVIDER_TAX_ID: text(64),
  TAX_RATE: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'expected a percent with at most 2 decimals',
    })
    .default(0),
};
