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

/** A positive whole-number id in a JSON body; anything else is `invalid_value`. */
export const bodyId = () =>
  z
    .number({ error: 'invalid_value' })
    .check(
      z.int({ error: 'invalid_value' }),
      z.positive({ error: 'invalid_value' }),
      z.maximum(Number.MAX_SAFE_INTEGER, { error: 'invalid_value' }),
    );
