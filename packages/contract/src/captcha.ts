import * as z from 'zod/mini';

// Only the server and the solver's lazy chunk use these: the field the forms send (CaptchaField) is
// in account.ts, so this module stays out of /login's first download.

/**
 * The self-hosted proof-of-work challenge (ALTCHA) behind `need_recaptcha`
 * (docs/product/accounts.md#throttles-and-the-human-check-captcha): GET api/captcha answers one;
 * the page solves it and sends the result as the `Captcha` field of the request that was asked for
 * it.
 */
const hex = (max: number) => z.string().check(z.regex(/^[0-9a-f]*$/), z.maxLength(max));

export const CaptchaParameters = z.object({
  algorithm: z.string().check(z.maxLength(32)),
  nonce: hex(64),
  salt: hex(64),
  cost: z.number(),
  keyLength: z.number(),
  keyPrefix: hex(128),
  keySignature: z.optional(hex(128)),
  expiresAt: z.optional(z.number()),
});

export const CaptchaChallenge = z.object({
  Challenge: z.object({ parameters: CaptchaParameters, signature: hex(128) }),
  /** The counter is below this: the page shows how far it has searched. */
  MaxCounter: z.number(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

/** What the `Captcha` field carries, as base64 of its JSON. */
export const CaptchaPayload = z.object({
  challenge: CaptchaChallenge.shape.Challenge,
  solution: z.object({ counter: z.number(), derivedKey: hex(128) }),
});
export type CaptchaPayload = z.infer<typeof CaptchaPayload>;
