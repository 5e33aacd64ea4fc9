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

/**
 * The largest id the instance, catalogue and deploy routes take (32-bit keys); the other routes take
 * ids up to Number.MAX_SAFE_INTEGER, the largest whole number JSON carries exactly.
 */
export const SERIAL_ID_MAX = 2 ** 31 - 1;

/** The checks of a positive whole number up to `max`, each failing as `invalid_value`. */
export const positiveWhole = (max: number) => [
  z.int({ error: 'invalid_value' }),
  z.positive({ error: 'invalid_value' }),
  z.maximum(max, { error: 'invalid_value' }),
];

/** A positive whole-number id in a JSON body, at most `max`; anything else is `invalid_value`. */
export const bodyId = (max: number = Number.MAX_SAFE_INTEGER) =>
  z.number({ error: 'invalid_value' }).check(...positiveWhole(max));

/** The same id from a query string (documented as `minimum: 1`, as before the helper existed). */
export const queryId = (max: number = Number.MAX_SAFE_INTEGER) => queryInt(1, max);
