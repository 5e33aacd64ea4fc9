import * as z from 'zod/mini';

const queryId = z.coerce
  .number({ error: 'invalid_value' })
  .check(
    z.int({ error: 'invalid_value' }),
    z.positive({ error: 'invalid_value' }),
    z.maximum(2 ** 31 - 1, { error: 'invalid_value' }),
  );

export const TemplatesQuery = z.object({ productId: queryId });
