import * as z from 'zod/mini';
import { CYCLE_CODES } from './catalog.js';
import { INSTANCE_STATUSES } from './constants.js';
import { ACTION_KINDS } from './instance-actions.js';

const int = () => z.number().check(z.int());
const date = () => z.string().check(z.describe('ISO 8601 date-time (UTC).'));

/** One row of GET api/instances: what the list and the dashboard show. */
export const InstanceSummary = z
  .object({
    Id: int(),
    Hostname: z.string(),
    Status: z.enum(INSTANCE_STATUSES),
    IpAddress: z.nullable(z.string()),
    RegionId: int(),
    RegionName: z.string(),
    CountryCode: z.string(),
    ProductId: int(),
    ProductName: z.string(),
    TypeName: z.string().check(z.describe('The product group: the type chosen on /deploy.')),
    ImageId: int().check(z.describe('The image installed now (a reinstall offers it first).')),
    ImageName: z.string(),
    Distribution: z.string(),
    Cycle: z.enum(CYCLE_CODES),
    Price: int().check(z.describe('Renewal price per cycle, minor units of Currency.')),
    Currency: z.string(),
    AutoRenew: z.boolean(),
    DueAt: date(),
    SuspendedAt: z
      .nullable(date())
      .check(
        z.describe(
          'Set while the instance is suspended for an unpaid renewal: every action is refused (409 wrong_status).',
        ),
      ),
    DestroyedAt: z
      .nullable(date())
      .check(z.describe('When the instance was destroyed (status `destroyed`); null otherwise.')),
    UnpaidInvoiceId: z
      .nullable(int())
      .check(z.describe('The unpaid renewal invoice of the coming period, if any (to pay it: POST api/invoice/pay).')),
    CreatedAt: date(),
    RunningTask: z
      .nullable(z.object({ Id: int(), Kind: z.enum(['deploy', ...ACTION_KINDS]) }))
      .check(
        z.describe(
          'The action under way on the instance (one at a time), if any: poll api/instance/task/get with its Id.',
        ),
      ),
  })
  .register(z.globalRegistry, { id: 'InstanceSummary' });
export type InstanceSummary = z.infer<typeof InstanceSummary>;

/** `data` of GET api/instances: one page of the caller's instances and how many match in all. */
export const InstanceList = z
  .object({ Total: int(), Items: z.array(InstanceSummary) })
  .register(z.globalRegistry, { id: 'InstanceList' });
export type InstanceList = z.infer<typeof InstanceList>;

/**
 * `data` of GET api/instance/get: the summary plus the size and network
 * (docs/product/instances.md#detail-instancesid).
 */
export const InstanceDetail = z
  .object({
    ...InstanceSummary.shape,
    Username: z.string(),
    Cores: int(),
    Memory: int().check(z.describe('MiB')),
    Disk: int().check(z.describe('GiB')),
    Bandwidth: int().check(z.describe('GB of traffic per month; 0 is unmetered.')),
    Gateway: z.nullable(z.string()),
    Prefix: z.nullable(int()),
    Mac: z.nullable(z.string()),
    NeedsRestart: z
      .boolean()
      .check(
        z.describe(
          'Upgraded, but the new cores and memory take effect at the next restart: the reboot after the upgrade failed.',
        ),
      ),
    LastFailure: z
      .nullable(
        z.object({
          Kind: z.enum(['deploy', ...ACTION_KINDS]),
          At: date(),
        }),
      )
      .check(
        z.describe(
          'The last task of the instance, when it failed (anything it charged was refunded); null once another task succeeds.',
        ),
      ),
  })
  .register(z.globalRegistry, { id: 'InstanceDetail' });
export type InstanceDetail = z.infer<typeof InstanceDetail>;
