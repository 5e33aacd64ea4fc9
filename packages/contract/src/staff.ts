import * as z from 'zod/mini';
import { queryId } from './query.js';
import { InvoiceSummary } from './billing.js';
import { InstanceSummary } from './instances.js';
import { TicketSummary } from './tickets.js';

// The staff API (docs/product/tickets.md#staff-side, docs/product/notices.md#staff-side): what a
// provider's help desk reads and does under /api/staff/…, authenticated by an operator token
// (`Authorization: Bearer …`), never by a customer session.

/** What a token may reach; every /api/staff route needs one of these. */
export const STAFF_SCOPES = ['tickets', 'notices', 'users'] as const;
export type StaffScope = (typeof STAFF_SCOPES)[number];

/** `data` of GET api/staff/whoami: the token's name and scopes, for a help desk's connection check. */
export const StaffWhoami = z
  .object({ Name: z.string(), Scopes: z.array(z.enum(STAFF_SCOPES)) })
  .register(z.globalRegistry, { id: 'StaffWhoami' });
export type StaffWhoami = z.infer<typeof StaffWhoami>;

const int = () => z.number().check(z.int());

/** GET api/staff/user: a customer by `id` or by `email` (exactly one). */
export const StaffUserQuery = z
  .object({
    id: z.optional(queryId()),
    email: z.optional(
      z.string().check(z.minLength(3, { error: 'invalid_email' }), z.maxLength(254, { error: 'invalid_email' })),
    ),
  })
  .check(z.refine((q) => (q.id === undefined) !== (q.email === undefined), { error: 'required', path: ['id'] }));

/** How many of a customer's newest instances, invoices and tickets GET api/staff/user lists. */
export const STAFF_USER_LIST_MAX = 100;

/** `data` of GET api/staff/user: a customer with their newest instances, invoices and tickets. */
export const StaffUser = z
  .object({
    Id: int(),
    Email: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    Company: z.string(),
    Country: z.string(),
    Locale: z.string(),
    Balance: int().check(z.describe('Minor units of Currency.')),
    Currency: z.string(),
    CreatedAt: z.string().check(z.describe('ISO 8601 date-time (UTC).')),
    Instances: z.object({ Total: int(), Items: z.array(InstanceSummary) }),
    Invoices: z.object({ Total: int(), Items: z.array(InvoiceSummary) }),
    Tickets: z.object({ Total: int(), Items: z.array(TicketSummary) }),
  })
  .register(z.globalRegistry, { id: 'StaffUser' });
export type StaffUser = z.infer<typeof StaffUser>;

/**
 * `data` of GET api/staff/compute/findings: what the last reconcile pass found. `Missing`: instances
 * whose VM is gone from their cluster (renewals stopped); `Orphans`: VMs marked as this
 * installation's that no instance owns (left in place).
 */
export const StaffComputeFindings = z
  .object({
    Missing: z.array(
      z.object({
        InstanceId: int(),
        Hostname: z.string(),
        Email: z.string(),
        Cluster: z.string(),
        Vmid: int(),
        Since: z.string().check(z.describe('ISO 8601 date-time (UTC).')),
      }),
    ),
    Orphans: z.array(
      z.object({
        Cluster: z.string(),
        Vmid: int(),
        Node: z.string(),
        InstanceId: z.nullable(int()).check(z.describe('The instance its marks name.')),
        Since: z.string().check(z.describe('ISO 8601 date-time (UTC).')),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'StaffComputeFindings' });
export type StaffComputeFindings = z.infer<typeof StaffComputeFindings>;
