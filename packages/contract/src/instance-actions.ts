import * as z from 'zod/mini';

const int = () => z.number().check(z.int());
const date = () => z.string().check(z.describe('ISO 8601 date-time (UTC).'));

/**
 * `data` of every instance action (start, stop, …, recreate, firewall, backups, snapshots): the id
 * of the task that carries it out, polled by api/instance/task/get until Status 2 (OK) or 5 (error).
 */
export const ActionTask = int().register(z.globalRegistry, { id: 'TaskId' });
export type ActionTask = z.infer<typeof ActionTask>;

/** The kinds of instance task besides `deploy`: what the task list and toasts name. */
export const ACTION_KINDS = [
  'start',
  'stop',
  'restart',
  'pause',
  'resume',
  'destroy',
  'recreate',
  'upgrade',
  'password',
  'network',
  'firewall',
  'backup_add',
  'backup_restore',
  'backup_del',
  'snapshot_add',
  'snapshot_restore',
  'snapshot_del',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** `data` of POST api/instance/autorenew: the setting now stored (no Proxmox call, so no task). */
export const AutoRenewResult = z.object({ AutoRenew: z.boolean() }).register(z.globalRegistry, { id: 'AutoRenew' });
export type AutoRenewResult = z.infer<typeof AutoRenewResult>;

/** One size an instance can grow to (same type, every resource at least as large), priced for the rest of the cycle. */
export const UpgradeOption = z.object({
  ProductId: int(),
  Name: z.string(),
  Description: z.string().check(z.describe('Sanitised HTML.')),
  Cores: int(),
  Memory: int().check(z.describe('MiB')),
  Disk: int().check(z.describe('GiB')),
  Bandwidth: int(),
  RenewPrice: int().check(z.describe('Price per cycle after the upgrade, minor units.')),
  Charge: int().check(z.describe('Prorated difference charged now, minor units.')),
  Currency: z.string(),
});
export type UpgradeOption = z.infer<typeof UpgradeOption>;
/** `data` of GET api/instance/upgrades?id=. */
export const UpgradeOptions = z.array(UpgradeOption).register(z.globalRegistry, { id: 'UpgradeOptions' });
export type UpgradeOptions = z.infer<typeof UpgradeOptions>;

export const FIREWALL_DIRECTIONS = ['in', 'out'] as const;
export const FIREWALL_POLICIES = ['ACCEPT', 'DROP', 'REJECT'] as const;
export const FIREWALL_PROTOCOLS = ['any', 'tcp', 'udp', 'icmp', 'ipv6-icmp'] as const;

/** One rule of the instance's firewall, in Proxmox's order (`Pos` 0 is evaluated first). */
export const FirewallRule = z.object({
  Pos: int(),
  Direction: z.enum(FIREWALL_DIRECTIONS),
  Policy: z.enum(FIREWALL_POLICIES),
  Protocol: z.enum(FIREWALL_PROTOCOLS),
  Source: z.string(),
  SourcePort: z.string(),
  Destination: z.string(),
  DestinationPort: z.string(),
  Enabled: z.boolean(),
  Comment: z.string(),
});
export type FirewallRule = z.infer<typeof FirewallRule>;

/** `data` of GET api/instance/firewall/rules?id=: the firewall's own switch, default policies and rules. */
export const FirewallState = z
  .object({
    Enabled: z.boolean(),
    PolicyIn: z.enum(FIREWALL_POLICIES),
    PolicyOut: z.enum(FIREWALL_POLICIES),
    Rules: z.array(FirewallRule),
  })
  .register(z.globalRegistry, { id: 'Firewall' });
export type FirewallState = z.infer<typeof FirewallState>;

/** One backup of an instance (a vzdump archive). */
export const Backup = z.object({
  Id: int(),
  Name: z.string(),
  Description: z.string(),
  Size: z.nullable(int().check(z.describe('Bytes; null while the backup is being made.'))),
  Status: z.enum(['creating', 'ready', 'restoring', 'deleting', 'failed']),
  CreatedAt: date(),
});
export type Backup = z.infer<typeof Backup>;
/** `data` of GET api/instance/backups?id=: the backups and the product's quota. */
export const BackupList = z
  .object({ Quota: int(), Items: z.array(Backup) })
  .register(z.globalRegistry, { id: 'BackupList' });
export type BackupList = z.infer<typeof BackupList>;

/** One snapshot of an instance; `Name` is its Proxmox name and its id in requests. */
export const Snapshot = z.object({
  Name: z.string(),
  Description: z.string(),
  CreatedAt: z.nullable(date()),
});
export type Snapshot = z.infer<typeof Snapshot>;
/** `data` of GET api/instance/snapshots?id=: the snapshots and the product's quota. */
export const SnapshotList = z
  .object({ Quota: int(), Items: z.array(Snapshot) })
  .register(z.globalRegistry, { id: 'SnapshotList' });
export type SnapshotList = z.infer<typeof SnapshotList>;

/** What each backup and snapshot may keep in its name and description. */
export const BACKUP_NAME_MAX = 64;
export const BACKUP_DESCRIPTION_MAX = 256;
/** Proxmox snapshot names: a letter, then letters, digits, `_` or `-`, at most 40 characters. */
export const SNAPSHOT_NAME = { max: 40, pattern: /^[A-Za-z][A-Za-z0-9_-]*$/ } as const;
/** Firewall changes take 1 to 2 minutes to take effect. */
export const FIREWALL_EFFECT_MINUTES = { min: 1, max: 2 } as const;
/** Rules one instance's firewall may hold. */
export const FIREWALL_RULES_MAX = 50;

/**
 * The step a finished password task reports (api/instance/task/get): `agent` when the guest agent
 * set it and it works now, `cloudInit` when it is stored in cloud-init and takes effect at the next boot.
 */
export const PASSWORD_STEP = { agent: 2, cloudInit: 3 } as const;

/**
 * The steps of an upgrade task (api/instance/task/get): `resizing` while the new size is applied,
 * `applied` once the instance is on it (from here it counts as done), `done` when it ends OK, and
 * `needsRestart` when it ends OK but the new cores and memory wait for a restart (the reboot failed).
 */
export const UPGRADE_STEP = { resizing: 1, applied: 2, done: 3, needsRestart: 4 } as const;
