import * as z from 'zod/mini';
import { bodyId, queryId, SERIAL_ID_MAX } from './query.js';
import { INSTANCE_PASSWORD_MAX, REVERSE_DNS } from './constants.js';
import { HostnameField, SshKeyIdsField, UsernameField } from './deploy-requests.js';
import {
  BACKUP_DESCRIPTION_MAX,
  BACKUP_NAME_MAX,
  FIREWALL_DIRECTIONS,
  FIREWALL_POLICIES,
  FIREWALL_PROTOCOLS,
  SNAPSHOT_NAME,
} from './instance-actions.js';
import { firewallRuleConflicts, isFirewallAddress, isFirewallPorts, type RuleShape } from './firewall-checks.js';
import { RRD_CFS, RRD_TIMEFRAMES } from './instance-live.js';

// Request schemas of the instance actions and reads; the web takes only their types
// (see deploy-requests.ts for why).

const text = (max: number) =>
  z._default(z.string({ error: 'invalid_value' }).check(z.trim(), z.maxLength(max, { error: 'incorrect_length' })), '');
const requiredText = (max: number) =>
  z
    .string({ error: 'required' })
    .check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(max, { error: 'incorrect_length' }));

/** POST api/instance/start, restart, pause, resume: the instance alone. */
export const InstanceIdBody = z.object({ Id: bodyId(SERIAL_ID_MAX) });
export type InstanceIdBody = z.input<typeof InstanceIdBody>;

/** POST api/instance/vnc (its field is `id`, in lower case) and api/instance/xterm. */
export const ConsoleBody = z.object({ id: bodyId(SERIAL_ID_MAX) });
export type ConsoleBody = z.input<typeof ConsoleBody>;

/** POST api/instance/stop: `Force` powers off at once instead of asking the guest to shut down. */
export const StopBody = z.object({
  Id: bodyId(SERIAL_ID_MAX),
  Force: z._default(z.boolean({ error: 'invalid_value' }), false),
});
export type StopBody = z.input<typeof StopBody>;

/** POST api/instance/destroy: `Hostname` must repeat the instance's hostname. */
export const DestroyBody = z.object({ Id: bodyId(SERIAL_ID_MAX), Hostname: requiredText(63) });
export type DestroyBody = z.input<typeof DestroyBody>;

/**
 * POST api/instance/recreate (docs/product/instances.md#reinstall-specs-recreate): reinstall from
 * an image with new credentials. `SSHKeyIds` (named as in api/deploy's UserData) are stored keys of
 * the caller to install besides the password.
 */
export const RecreateBody = z.object({
  Id: bodyId(SERIAL_ID_MAX),
  TemplateId: bodyId(SERIAL_ID_MAX),
  Username: UsernameField,
  Password: z
    .string({ error: 'required' })
    .check(z.minLength(1, { error: 'required' }), z.maxLength(INSTANCE_PASSWORD_MAX, { error: 'incorrect_length' })),
  Start: z._default(z.boolean({ error: 'invalid_value' }), true),
  SSHKeyIds: SshKeyIdsField,
});
export type RecreateBody = z.input<typeof RecreateBody>;

/** POST api/instance/upgrade: a larger size of the same type (see api/instance/upgrades). */
export const UpgradeBody = z.object({ Id: bodyId(SERIAL_ID_MAX), ProductId: bodyId(SERIAL_ID_MAX) });
export type UpgradeBody = z.input<typeof UpgradeBody>;

/** POST api/instance/password: the login user's new password. */
export const PasswordBody = z.object({
  Id: bodyId(SERIAL_ID_MAX),
  Password: z
    .string({ error: 'required' })
    .check(
      z.minLength(1, { error: 'required' }),
      z.minLength(8, { error: 'password_too_short' }),
      z.maxLength(INSTANCE_PASSWORD_MAX, { error: 'password_too_long' }),
    ),
});
export type PasswordBody = z.input<typeof PasswordBody>;

/** POST api/instance/network: the hostname and the reverse DNS name of the main address (empty clears it). */
export const NetworkBody = z.object({
  Id: bodyId(SERIAL_ID_MAX),
  Hostname: HostnameField,
  ReverseDns: z._default(
    z.string({ error: 'invalid_value' }).check(
      z.trim(),
      z.maxLength(REVERSE_DNS.max, { error: 'incorrect_length' }),
      z.refine((v) => v === '' || REVERSE_DNS.pattern.test(v), { error: 'invalid_hostname' }),
    ),
    '',
  ),
});
export type NetworkBody = z.input<typeof NetworkBody>;

/** POST api/instance/autorenew. */
export const AutoRenewBody = z.object({ Id: bodyId(SERIAL_ID_MAX), AutoRenew: z.boolean({ error: 'invalid_value' }) });
export type AutoRenewBody = z.input<typeof AutoRenewBody>;

// Firewall, validated the way Proxmox validates its rule fields (pve-firewall's address and port
// formats), so a rule the console accepts is never refused by Proxmox.

const address = () =>
  z._default(
    z.string({ error: 'invalid_value' }).check(
      z.trim(),
      z.maxLength(512, { error: 'incorrect_length' }),
      z.refine((v) => v === '' || isFirewallAddress(v), { error: 'invalid_address' }),
    ),
    '',
  );
const ports = () =>
  z._default(
    z.string({ error: 'invalid_value' }).check(
      z.trim(),
      z.maxLength(256, { error: 'incorrect_length' }),
      z.refine((v) => v === '' || isFirewallPorts(v), { error: 'invalid_port' }),
    ),
    '',
  );

const ruleFields = {
  Direction: z.enum(FIREWALL_DIRECTIONS, { error: 'invalid_value' }),
  Policy: z.enum(FIREWALL_POLICIES, { error: 'invalid_value' }),
  Protocol: z._default(z.enum(FIREWALL_PROTOCOLS, { error: 'invalid_value' }), 'any'),
  Source: address(),
  SourcePort: ports(),
  Destination: address(),
  DestinationPort: ports(),
  Enabled: z._default(z.boolean({ error: 'invalid_value' }), true),
  Comment: text(128),
};
const ruleConflicts = z.superRefine((r: RuleShape, ctx) => {
  for (const [path, message] of Object.entries(firewallRuleConflicts(r))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
});

/** POST api/instance/firewall/rule/add: a rule appended at the end (or at `Pos`). */
export const FirewallRuleAddBody = z
  .object({ Id: bodyId(SERIAL_ID_MAX), Pos: z.optional(z.number().check(z.int(), z.minimum(0))), ...ruleFields })
  .check(ruleConflicts);
export type FirewallRuleAddBody = z.input<typeof FirewallRuleAddBody>;
/** POST api/instance/firewall/rule/set: every field of the rule at `Pos`. */
export const FirewallRuleSetBody = z
  .object({
    Id: bodyId(SERIAL_ID_MAX),
    Pos: z.number({ error: 'invalid_value' }).check(z.int(), z.minimum(0)),
    ...ruleFields,
  })
  .check(ruleConflicts);
export type FirewallRuleSetBody = z.input<typeof FirewallRuleSetBody>;
/** POST api/instance/firewall/rule/del|enable|disable: the rule at `Pos`. */
export const FirewallRuleRefBody = z.object({
  Id: bodyId(SERIAL_ID_MAX),
  Pos: z.number({ error: 'invalid_value' }).check(z.int({ error: 'invalid_value' }), z.minimum(0)),
});
export type FirewallRuleRefBody = z.input<typeof FirewallRuleRefBody>;
/** POST api/instance/firewall/set: the firewall's own switch and default policies. */
export const FirewallSetBody = z.object({
  Id: bodyId(SERIAL_ID_MAX),
  Enabled: z.boolean({ error: 'invalid_value' }),
  PolicyIn: z.enum(FIREWALL_POLICIES, { error: 'invalid_value' }),
  PolicyOut: z.enum(FIREWALL_POLICIES, { error: 'invalid_value' }),
});
export type FirewallSetBody = z.input<typeof FirewallSetBody>;

/** POST api/instance/backup/add. */
export const BackupAddBody = z.object({
  Id: bodyId(SERIAL_ID_MAX),
  Name: requiredText(BACKUP_NAME_MAX),
  Description: text(BACKUP_DESCRIPTION_MAX),
});
export type BackupAddBody = z.input<typeof BackupAddBody>;
/** POST api/instance/backup/restore|del. */
export const BackupRefBody = z.object({ Id: bodyId(SERIAL_ID_MAX), BackupId: bodyId(SERIAL_ID_MAX) });
export type BackupRefBody = z.input<typeof BackupRefBody>;

const snapshotName = () =>
  z.string({ error: 'required' }).check(
    z.trim(),
    z.minLength(1, { error: 'required' }),
    z.maxLength(SNAPSHOT_NAME.max, { error: 'incorrect_length' }),
    z.regex(SNAPSHOT_NAME.pattern, { error: 'invalid_snapshot_name' }),
    z.refine((v) => v.toLowerCase() !== 'current', { error: 'invalid_snapshot_name' }),
  );
/** POST api/instance/snapshot/add. */
export const SnapshotAddBody = z.object({
  Id: bodyId(SERIAL_ID_MAX),
  Name: snapshotName(),
  Description: text(BACKUP_DESCRIPTION_MAX),
});
export type SnapshotAddBody = z.input<typeof SnapshotAddBody>;
/** POST api/instance/snapshot/restore|del. */
export const SnapshotRefBody = z.object({ Id: bodyId(SERIAL_ID_MAX), Name: snapshotName() });
export type SnapshotRefBody = z.input<typeof SnapshotRefBody>;

/** GET api/instance/rrd: `timeframe` and `cf` as Proxmox's rrddata takes them (day and AVERAGE by default). */
export const RrdQuery = z.object({
  id: queryId(SERIAL_ID_MAX),
  timeframe: z._default(z.enum(RRD_TIMEFRAMES, { error: 'invalid_value' }), 'day'),
  cf: z._default(z.enum(RRD_CFS, { error: 'invalid_value' }), 'AVERAGE'),
});
export type RrdQuery = z.input<typeof RrdQuery>;

/**
 * GET api/instance/vnc/ws and api/instance/xterm/ws (WebSocket upgrades): the instance and the
 * console token from POST api/instance/vnc or api/instance/xterm (the browser cannot send the ssid
 * header on a WebSocket, so the single-use token is the credential).
 */
export const ConsoleSocketQuery = z.object({
  id: queryId(SERIAL_ID_MAX),
  ticket: z.string({ error: 'required' }).check(z.minLength(1, { error: 'required' }), z.maxLength(128)),
});
export type ConsoleSocketQuery = z.input<typeof ConsoleSocketQuery>;
