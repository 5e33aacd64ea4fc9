import * as z from 'zod/mini';
import { CYCLE_CODES } from './catalog.js';
import { HOSTNAME, INSTANCE_PASSWORD_MAX, PROMO_CODE_MAX, USERNAME } from './constants.js';

const id = () =>
  z
    .number({ error: 'invalid_value' })
    .check(
      z.int({ error: 'invalid_value' }),
      z.positive({ error: 'invalid_value' }),
      z.maximum(2 ** 31 - 1, { error: 'invalid_value' }),
    );

/** An unknown or unpriced cycle is `wrong_cycle` (a code of SPEC §8, not a field error). */
export const CycleField = z
  .string({ error: 'required' })
  .check(z.minLength(1, { error: 'required' }), z.maxLength(16, { error: 'wrong_cycle' }));
export const isCycleCode = (v: string): v is (typeof CYCLE_CODES)[number] =>
  (CYCLE_CODES as readonly string[]).includes(v);

export const PromotionCodeField = z._default(
  z.string({ error: 'invalid_value' }).check(z.trim(), z.maxLength(PROMO_CODE_MAX, { error: 'incorrect_length' })),
  '',
);

/** SPEC §5: at least 2 characters, starting with a letter, letters, digits and hyphens only. */
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

/** SPEC §5: free text; empty means "SSH keys only". */
export const InstancePasswordField = z._default(
  z.string({ error: 'invalid_value' }).check(z.maxLength(INSTANCE_PASSWORD_MAX, { error: 'incorrect_length' })),
  '',
);

const priceFields = {
  ProductId: id(),
  Quantity: z._default(z.literal(1, { error: 'invalid_value' }), 1),
  Cycle: CycleField,
  PromotionCode: PromotionCodeField,
  CustomConfig: z._default(z.array(z.unknown()).check(z.maxLength(0, { error: 'invalid_value' })), []),
};

export const PriceBody = z.object(priceFields);
export type PriceBody = z.input<typeof PriceBody>;

/** `data` of POST api/deploy/price: Price is the discounted price, all in minor units of Currency. */
export const PriceResult = z
  .object({
    Price: z.number().check(z.int()),
    OriginalPrice: z.number().check(z.int()),
    Discount: z.number().check(z.int()),
    Currency: z.string(),
    Cycle: z.enum(CYCLE_CODES),
  })
  .register(z.globalRegistry, { id: 'Price' });
export type PriceResult = z.infer<typeof PriceResult>;

export const DeployBody = z
  .object({
    ...priceFields,
    Hostnames: z.tuple([HostnameField], { error: 'invalid_value' }),
    UserData: z.object({
      TemplateId: id(),
      Username: UsernameField,
      Password: InstancePasswordField,
      SSHKeyIds: z._default(z.array(id()).check(z.maxLength(20, { error: 'invalid_value' })), []),
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

/** `data` of POST api/deploy (SPEC §3 "Deploy result"). */
export const DeployResult = z.object({ InstanceId: z.number().check(z.int()), TaskId: z.number().check(z.int()) });
export type DeployResult = z.infer<typeof DeployResult>;

/** SPEC §3 Task: Status 0 Pending, 1 Running, 2 OK, 3 Finished, 4 Stopped, 5 Error; Step 0–5. */
export const TASK_STATUS = { pending: 0, running: 1, ok: 2, finished: 3, stopped: 4, error: 5 } as const;
/** SPEC §4 deploy steps: 0 queueing, 1 cloning, 2 configuring, 3 firewall, 4 starting, 5 error. */
export const DEPLOY_STEP = { queueing: 0, cloning: 1, configuring: 2, firewall: 3, starting: 4, error: 5 } as const;

const step = () => z.number().check(z.int(), z.minimum(0), z.maximum(5));
export const TaskResult = z.object({ Status: step(), Step: step() }).register(z.globalRegistry, { id: 'Task' });
export type TaskResult = z.infer<typeof TaskResult>;

const queryId = () =>
  z.coerce
    .number({ error: 'invalid_value' })
    .check(
      z.int({ error: 'invalid_value' }),
      z.positive({ error: 'invalid_value' }),
      z.maximum(Number.MAX_SAFE_INTEGER, { error: 'invalid_value' }),
    );
export const TaskQuery = z.object({ id: queryId(), taskId: queryId() });
export const TaskBody = z.object({ Id: id(), TaskId: id() });
