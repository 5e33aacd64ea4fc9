import * as z from 'zod/mini';

/** A whole number from a query string, from min to max; anything else is `invalid_value`. */
export const queryInt = (min: number, max: number) =>
  z.coerce
    .number({ error: 'invalid_value' })
    .check(
      z.int({ error: 'invalid_value' }),
      z.minimum(min, { error: 'invalid_value' }),
      z.maximum(max, { error: 'invalid_value' }),
    );
