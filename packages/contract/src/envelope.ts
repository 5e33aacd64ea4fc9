import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

// Apart from the codes in errors.ts: the web app needs the codes before sign-in, and importing
// them must not bring these schemas, and classic zod with them, into its first download.

/**
 * The error envelope (docs/product/README.md, "API conventions"). `fields` maps a payload field to
 * a validation message key.
 */
export const ErrorBody = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string().describe('English text of the code; the web app shows its own translation.'),
    data: z.null(),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'On validation errors (400 parse_data_error for a body, wrong_search_data for a query string): field → message key (FIELD_ERRORS).',
      ),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The success envelope: every answer carries its content in `data`. */
export const envelope = <T extends z.core.$ZodType>(data: T) => z.object({ data });
