import * as z from 'zod/mini';
import { InstanceDetail } from './instances.js';

const int = () => z.number().check(z.int());
const num = () => z.number();

/** The power state Proxmox reports for the VM behind an instance (`unknown` when Proxmox has none). */
export const VM_STATES = ['running', 'stopped', 'paused', 'unknown'] as const;
export type VmState = (typeof VM_STATES)[number];

/**
 * `data` of GET api/instance/status (docs/product/instances.md#live-charts-and-usage-history),
 * served from the per-cluster cache: Netin/Netout/Diskread/Diskwrite are byte counters since the VM
 * started; `Time` is when Proxmox was asked (ms since the epoch), so the web computes per-second
 * rates from two samples.
 */
export const InstanceLiveStatus = z
  .object({
    Name: z.string(),
    State: z.enum(VM_STATES),
    Cpu: num().check(z.describe('Fraction of the VM’s cores in use, 0–1.')),
    Cpus: int(),
    Mem: int().check(z.describe('Bytes in use.')),
    Maxmem: int().check(z.describe('Bytes.')),
    Netin: int().check(z.describe('Bytes received since start (counter).')),
    Netout: int().check(z.describe('Bytes sent since start (counter).')),
    Diskread: int(),
    Diskwrite: int(),
    Uptime: int().check(z.describe('Seconds.')),
    Time: int().check(z.describe('When the sample was taken, ms since the epoch.')),
  })
  .register(z.globalRegistry, { id: 'InstanceLiveStatus' });
export type InstanceLiveStatus = z.infer<typeof InstanceLiveStatus>;

/**
 * `data` of GET api/instances/power: the power state of each of the caller's instances that has a
 * VM, read from the same per-cluster cache as the status route (one Proxmox call per cluster, not
 * per instance). An instance without a VM (being created, destroyed) is not listed.
 */
export const InstancePowerList = z
  .array(z.object({ Id: int(), State: z.enum(VM_STATES) }))
  .register(z.globalRegistry, { id: 'InstancePowerList' });
export type InstancePowerList = z.infer<typeof InstancePowerList>;

/** Usage history timeframes of GET api/instance/rrd (Proxmox rrddata). */
export const RRD_TIMEFRAMES = ['hour', 'day', 'week', 'month', 'year'] as const;
export type RrdTimeframe = (typeof RRD_TIMEFRAMES)[number];
export const RRD_CFS = ['AVERAGE', 'MAX'] as const;
export type RrdCf = (typeof RRD_CFS)[number];

/** One point of usage history: rates are per second, averaged (or maxed) over the point's interval. */
export const RrdPoint = z.object({
  Time: int().check(z.describe('Seconds since the epoch.')),
  Cpu: z.nullable(num()),
  Mem: z.nullable(num()),
  Maxmem: z.nullable(num()),
  Netin: z.nullable(num().check(z.describe('Bytes per second.'))),
  Netout: z.nullable(num().check(z.describe('Bytes per second.'))),
  Diskread: z.nullable(num()),
  Diskwrite: z.nullable(num()),
});
export type RrdPoint = z.infer<typeof RrdPoint>;
export const RrdData = z.array(RrdPoint).register(z.globalRegistry, { id: 'RrdData' });
export type RrdData = z.infer<typeof RrdData>;

/** `data` of GET api/instance/agent/osinfo; `Available` false when the guest agent does not answer. */
export const GuestOsInfo = z
  .object({
    Available: z.boolean(),
    Name: z.nullable(z.string()),
    PrettyName: z.nullable(z.string()),
    Version: z.nullable(z.string()),
    KernelRelease: z.nullable(z.string()),
    Machine: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'GuestOsInfo' });
export type GuestOsInfo = z.infer<typeof GuestOsInfo>;

/**
 * `data` of GET api/instance: the instance with its product and what the overview adds
 * (docs/product/instances.md#detail-instancesid). Where the disk lives on the hypervisor (a storage
 * pool's name) is the operator's, never sent.
 */
export const InstanceFull = z
  .object({
    ...InstanceDetail.shape,
    AssignedIps: z.array(z.string()),
    Iso: z.nullable(z.string().check(z.describe('A mounted ISO image, if any.'))),
    RenewPrice: int().check(z.describe('What the next cycle costs, minor units of Currency.')),
    ReverseDns: z.nullable(z.string()),
    Product: z.object({
      Id: int(),
      Name: z.string(),
      Description: z.string().check(z.describe('Sanitised HTML.')),
      BackupQuota: int(),
      SnapshotQuota: int(),
    }),
  })
  .register(z.globalRegistry, { id: 'InstanceFull' });
export type InstanceFull = z.infer<typeof InstanceFull>;

/**
 * `data` of POST api/instance/vnc (docs/product/consoles.md#api): `Ticket` is a console token of
 * ours,
 * single-use and short-lived, bound to the caller and the instance; `Port` is kept for the
 * documented shape and is the port of this console's own origin, never a Proxmox port. The browser
 * opens
 * `/api/instance/vnc/ws?id=&ticket=` (or `/api/instance/xterm/ws`) with it.
 */
export const ConsoleTicket = z
  .object({ Port: int(), Ticket: z.string() })
  .register(z.globalRegistry, { id: 'ConsoleTicket' });
export type ConsoleTicket = z.infer<typeof ConsoleTicket>;

/** The live charts (docs/product/instances.md#live-charts-and-usage-history). */
export const CHARTS = {
  /** Samples kept in the live history. */
  historyPoints: 120,
  /** Samples shown on the overview charts. */
  overviewPoints: 60,
  /** The CPU axis reaches at least 100 %. */
  cpuAxisMin: 1,
  /** The network axis reaches at least this many bytes per second. */
  netAxisMin: 128_000,
  /** Rates come only from samples at least this far apart. */
  minRateIntervalMs: 1_000,
} as const;
