import * as z from 'zod/mini';
import { CODE, EMAIL_MAX, PASSWORD, PROFILE_FIELD_MAX } from './constants.js';

// zod/mini, not classic zod: its functions tree-shake, so the web app ships only the checks these
// schemas use (classic zod's methods pull in the whole library, ~25 kB gzip before sign-in).
// Field messages are keys of FIELD_ERRORS so that both apps translate them.
const email = z.pipe(
  z
    .string({ error: 'required' })
    .check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(EMAIL_MAX, { error: 'invalid_email' })),
  z.email({ error: 'invalid_email' }).check(z.toLowerCase()),
);

const password = z
  .string({ error: 'required' })
  .check(
    z.minLength(1, { error: 'required' }),
    z.minLength(PASSWORD.min, { error: 'password_too_short' }),
    z.maxLength(PASSWORD.max, { error: 'password_too_long' }),
  );

/** The current password only has to be present: its length rules may have changed since. */
const currentPassword = z
  .string({ error: 'required' })
  .check(z.minLength(1, { error: 'required' }), z.maxLength(PASSWORD.max, { error: 'password_too_long' }));

/**
 * The new password typed again. Optional for API clients; when sent it must equal the new
 * password, else the server answers 400 `passwords_mismatch` (docs/product/accounts.md).
 */
const confirmPassword = z.optional(
  z.string({ error: 'invalid_value' }).check(z.maxLength(PASSWORD.max, { error: 'password_too_long' })),
);

const code = z
  .string({ error: 'required' })
  .check(z.trim(), z.regex(new RegExp(`^\\d{${CODE.length}}$`), { error: 'invalid_code' }));

const agree = z.literal(true, { error: 'must_agree_terms' });

/** A solved challenge (captcha.ts, `need_recaptcha`): base64 of its JSON, sent when the server asked. */
const CaptchaField = z.optional(
  z.string({ error: 'invalid_value' }).check(z.maxLength(4096, { error: 'invalid_value' })),
);

const profileField = z
  .string({ error: 'invalid_value' })
  .check(z.trim(), z.maxLength(PROFILE_FIELD_MAX, { error: 'incorrect_length' }));

export const EmailField = email;
export const PasswordField = password;
export const CodeField = code;
export const AgreeTermsField = agree;
export const ConfirmPasswordField = confirmPassword;

export const RegisterCodeBody = z.object({ Email: email, Captcha: CaptchaField });
export const RegisterBody = z.object({
  Email: email,
  Password: password,
  ConfirmPassword: confirmPassword,
  Code: code,
  AgreeTerms: agree,
  AffCode: z.optional(z.string().check(z.trim(), z.maxLength(64, { error: 'incorrect_length' }))),
  Captcha: CaptchaField,
});
export const LoginBody = z.object({
  Email: email,
  Password: currentPassword,
  AgreeTerms: agree,
  Captcha: CaptchaField,
});
export const ForgetBody = z.object({ Email: email, Captcha: CaptchaField });
export const ResetBody = z.object({
  Email: email,
  Code: code,
  Password: password,
  ConfirmPassword: confirmPassword,
  Captcha: CaptchaField,
});

export const ProfileSchema = z.object({
  FirstName: profileField,
  LastName: profileField,
  Company: profileField,
  Address1: profileField,
  Address2: profileField,
  City: profileField,
  State: profileField,
  Postcode: profileField,
  Country: z.string({ error: 'invalid_value' }).check(z.trim(), z.regex(/^([A-Z]{2})?$/, { error: 'invalid_value' })),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileSetBody = ProfileSchema;

export const PasswordSetBody = z.object({
  Password: currentPassword,
  NewPassword: password,
  ConfirmPassword: confirmPassword,
});
export const EmailCodeBody = z.object({ NewEmail: email });
/**
 * POST api/user/email/set. `Password` is the current password, required when the account has one
 * (HasPassword); an account without one must have signed in within the last 10 minutes.
 */
export const EmailSetBody = z.object({ NewEmail: email, Code: code, Password: z.optional(currentPassword) });

export const PreferencesSchema = z.object({
  Locale: z.enum(['en_US', 'zh_CN'], { error: 'invalid_value' }),
  Theme: z.enum(['light', 'dark', 'system'], { error: 'invalid_value' }),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** `data` of POST api/login and api/register. */
export const SessionResult = z.object({
  session_id: z.string(),
  expire_at: z.string(),
  user_id: z.number(),
});
export type SessionResult = z.infer<typeof SessionResult>;

/** `data` of GET api/session. Balance is in minor units of Currency. */
export const SessionUser = z.object({
  User: z.object({
    Id: z.number(),
    Email: z.string(),
    Profile: ProfileSchema,
    Balance: z.number(),
    Currency: z.string(),
    Preferences: PreferencesSchema,
    /**
     * Whether the customer saved Preferences (from the header's menus or the account page): only
     * then do they apply on a device where nobody chose a language or theme.
     */
    PreferencesSaved: z.boolean(),
    /** False for an account made through a third-party login until its owner sets a password. */
    HasPassword: z.boolean(),
  }),
});
export type SessionUser = z.infer<typeof SessionUser>;

export type RegisterBody = z.infer<typeof RegisterBody>;
export type LoginBody = z.infer<typeof LoginBody>;
