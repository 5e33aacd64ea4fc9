import * as z from 'zod/mini';
import { bodyId, queryId, SERIAL_ID_MAX } from './query.js';
import { CYCLE_CODES } from './catalog.js';
import { HOSTNAME, INSTANCE_PASSWORD_MAX, PROMO_CODE_MAX, USERNAME } from './constants.js';

// The request schemas of deploy: the server validates with them; the web only takes their types
// (zod's modules load with every page, so each schema kind a page parses costs the sign-in page).

/** An unknown or unpriced cycle is `wrong_cycle` (an error code, not a field error). */
export const CycleField = z
  .string({ error: 'required' })
  .check(z.minLength(1, { error: 'required' }), z.maxLength(16, { error: 'wrong_cycle' }));
export const isCycleCode = (v: string): v is (typeof CYCLE_CODES)[number] =>
  (CYCLE_CODES as readonly string[]).includes(v);

export const PromotionCodeField = z._default(
  z.string({ error: 'invalid_value' }).check(z.trim(), z.maxLength(PROMO_CODE_MAX, { error: 'incorrect_length' })),
  '',
);

/** At least 2 characters, starting with a letter, letters, digits and hyphens only. */
export const HostnameField = z
  .string({ error: 'required' })
  .check(
    z.minLength(1, { error: 'required' }),
    z.minLength(HOSTNAME.min, { error: 'incorrect_length' }),
    z.maxLength(HOSTNAME.max, { error: 'incorrect_length' }),
    z.regex(HOSTNAME.pattern, { error: 'invalid_hostname' }),
  );

export const UsernameField = z
  .string({ error: 'required' })
  .check(
    z.minLength(1, { error: 'required' }),
    z.maxLength(USERNAME.max, { error: 'incorrect_length' }),
    z.regex(USERNAME.pattern, { error: 'invalid_username' }),
  );

/** Free text; empty means "SSH keys only". */
export const InstancePasswordField = z._default(
  z.string({ error: 'invalid_value' }).check(z.maxLength(INSTANCE_PASSWORD_MAX, { error: 'incorrect_length' })),
  '',
);

const priceFields = {
  ProductId: bodyId(SERIAL_ID_MAX),
  Quantity: z._default(z.literal(1, { error: 'invalid_value' }), 1),
  Cycle: CycleField,
  PromotionCode: PromotionCodeField,
  CustomConfig: z._default(z.array(z.unknown()).check(z.maxLength(0, { error: 'invalid_value' })), []),
};

export const PriceBody = z.object(priceFields);
export type PriceBody = z.input<typeof PriceBody>;

/** Stored SSH keys of the caller to install on a server (deploy, reinstall): at most 20. */
export const SshKeyIdsField = z._default(
  z.array(bodyId(SERIAL_ID_MAX)).check(z.maxLength(20, { error: 'invalid_value' })),
  [],
);

export const DeployBody = z
  .object({
    ...priceFields,
    Hostnames: z.tuple([HostnameField], { error: 'invalid_value' }),
    UserData: z.object({
      TemplateId: bodyId(SERIAL_ID_MAX),
      Username: UsernameField,
      Password: InstancePasswordField,
      SSHKeyIds: SshKeyIdsField,
      Start: z
        ._default(z.boolean({ error: 'invalid_value' }), true)
        .check(
          z.describe(
            'false leaves the new server stopped once it is installed; true when left out. An extension of the deploy payload.',
          ),
        ),
    }),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (!b.UserData.Password && b.UserData.SSHKeyIds.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['UserData', 'Password'], message: 'password_or_key' });
      }
    }),
  );
export type DeployBody = z.input<typeof DeployBody>;

export const TaskQuery = z.object({ id: queryId(), taskId: queryId() });
export const TaskBody = z.object({ Id: bodyId(SERIAL_ID_MAX), TaskId: bodyId(SERIAL_ID_MAX) });
