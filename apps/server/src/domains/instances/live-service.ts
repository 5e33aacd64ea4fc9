import type {
  Locale,
  GuestOsInfo,
  InstanceFull,
  InstanceLiveStatus,
  InstancePowerList,
  RrdCf,
  RrdData,
  RrdTimeframe,
  VmState,
} from '@nimbus/contract';
import type { ClusterResource } from '@nimbus/proxmox';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { vmExists } from './vm.js';
import { liveRepository, type InstanceRef } from './live-repository.js';
import type { RevalidatedCache } from './revalidated-cache.js';
import { instanceDetail } from './service.js';
import type { ClusterSnapshot, StatusCache } from './status-cache.js';

/** The in-memory state the live reads share within one process. */
export interface LiveState {
  /** "userId:instanceId" → the instance's ref, for the status route's ownership check. */
  refs: RevalidatedCache<string, InstanceRef>;
  status: StatusCache;
}

/** Statuses in which Nimbus has no VM to show (being built, or gone). */
const NO_VM: ReadonlySet<string> = new Set(['pending', 'creating', 'destroyed', 'cancelled']);

/** Whether an instance can have a VM to ask Proxmox about. */
export const mayHaveVm = (ref: Pick<InstanceRef, 'status' | 'vmid'>) => ref.vmid !== null && !NO_VM.has(ref.status);

/** The VM of an instance in a snapshot, or undefined when it has none (yet, or any more). */
function vmOf(ref: Pick<InstanceRef, 'status' | 'vmid'>, snap: ClusterSnapshot): ClusterResource | undefined {
  if (ref.vmid === null || NO_VM.has(ref.status)) return undefined;
  return snap.vms.get(ref.vmid);
}

function stateOf(ref: InstanceRef, vm: ClusterResource | undefined): VmState {
  if (!vm) return 'unknown';
  if (vm.status === 'running') return ref.status === 'paused' ? 'paused' : 'running';
  return vm.status === 'stopped' ? 'stopped' : 'unknown';
}

const n = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? 0 : Math.max(0, Math.round(v)));

/** The live status of an instance from its cluster's snapshot; no VM answers `unknown` with zeros. */
export function liveStatusOf(ref: InstanceRef, snap: ClusterSnapshot): InstanceLiveStatus {
  const vm = vmOf(ref, snap);
  const state = stateOf(ref, vm);
  const live = vm && state !== 'stopped' && state !== 'unknown';
  return {
    Name: ref.hostname,
    State: state,
    Cpu: live ? Math.min(1, Math.max(0, vm.cpu ?? 0)) : 0,
    Cpus: n(vm?.maxcpu),
    Mem: live ? n(vm.mem) : 0,
    Maxmem: n(vm?.maxmem),
    Netin: live ? n(vm.netin) : 0,
    Netout: live ? n(vm.netout) : 0,
    Diskread: live ? n(vm.diskread) : 0,
    Diskwrite: live ? n(vm.diskwrite) : 0,
    Uptime: live ? n(vm.uptime) : 0,
    Time: snap.time,
  };
}

/**
 * The power state of each of a customer's instances with a VM, for the lists: one read of each
 * cluster's cached snapshot. A cluster that cannot be asked leaves its instances `unknown` rather
 * than failing the list.
 */
export async function powerStates(ctx: Context, live: LiveState, userId: number): Promise<InstancePowerList> {
  const refs = (await liveRepository.vmRefs(ctx.db, userId)).filter(mayHaveVm);
  const snaps = new Map<string, ClusterSnapshot | undefined>();
  for (const cluster of new Set(refs.map((r) => r.cluster))) {
    snaps.set(cluster, await snapshotOf(live, cluster).catch(() => undefined));
  }
  return refs.map((ref) => {
    const snap = snaps.get(ref.cluster);
    return { Id: ref.id, State: snap ? stateOf(ref, vmOf(ref, snap)) : 'unknown' };
  });
}

/** A cluster's snapshot, or 502 get_instance_error when Proxmox cannot be asked. */
export async function snapshotOf(live: LiveState, cluster: string): Promise<ClusterSnapshot> {
  try {
    return await live.status.read(cluster);
  } catch {
    throw new AppError('get_instance_error', 502);
  }
}

function clusterOf(ctx: Context, key: string) {
  const c = ctx.compute?.cluster(key);
  if (!c) throw new AppError('get_instance_error', 502);
  return c;
}

/** The ISO in a VM config's CD-ROM drives (`local:iso/x.iso,media=cdrom` → `x.iso`), cloud-init drives aside. */
export function mountedIso(config: Record<string, string>): string | null {
  for (const [key, value] of Object.entries(config)) {
    if (!/^(ide|sata|scsi)\d+$/.test(key) || !/(^|,)media=cdrom(,|$)/.test(value)) continue;
    const volume = value.split(',')[0] ?? '';
    if (!volume || volume === 'none' || volume === 'cdrom' || /cloudinit/.test(volume)) continue;
    return volume.replace(/^[^:]*:(iso\/)?/, '');
  }
  return null;
}

/**
 * api/instance (docs/product/instances.md#detail-instancesid): the detail, the product, the renewal
 * price, addresses and ISO.
 */
export async function instanceFull(
  ctx: Context,
  live: LiveState,
  userId: number,
  id: number,
  locale: Locale,
): Promise<InstanceFull> {
  const detail = await instanceDetail(ctx, userId, id, locale);
  const extras = await liveRepository.extras(ctx.db, userId, id);
  if (!extras) throw instanceNotFound();
  const cluster = ctx.compute?.cluster(extras.cluster);
  let iso: string | null = null;
  if (cluster && extras.node && extras.vmid !== null && !NO_VM.has(detail.Status)) {
    const snap = await live.status.read(extras.cluster);
    if (snap.vms.has(extras.vmid)) {
      iso = await cluster.client.qemu.config(extras.node, extras.vmid).then(
        (c) => mountedIso(c.values),
        () => null,
      );
    }
  }
  return {
    ...detail,
    AssignedIps: extras.assigned_ips,
    Iso: iso,
    RenewPrice: extras.renew_price ?? detail.Price,
    ReverseDns: extras.reverse_dns,
    Product: {
      Id: detail.ProductId,
      Name: detail.ProductName,
      Description: extras.product_description,
      BackupQuota: extras.backup_quota,
      SnapshotQuota: extras.snapshot_quota,
    },
  };
}

/** The instance's VM, or null when it has none; another customer's id is 404. */
async function placed(ctx: Context, live: LiveState, userId: number, id: number) {
  const p = await liveRepository.placement(ctx.db, userId, id);
  if (!p) throw instanceNotFound();
  if (p.vmid === null || NO_VM.has(p.status)) return null;
  const vm = (await snapshotOf(live, p.cluster)).vms.get(p.vmid);
  if (!vm) return null;
  return { cluster: clusterOf(ctx, p.cluster), node: vm.node ?? p.node ?? '', vmid: p.vmid, vm };
}

/**
 * api/instance/rrd (docs/product/instances.md#live-charts-and-usage-history): Proxmox's rrddata as
 * rates per second; no VM has no history.
 */
export async function instanceRrd(
  ctx: Context,
  live: LiveState,
  userId: number,
  q: { id: number; timeframe: RrdTimeframe; cf: RrdCf },
): Promise<RrdData> {
  const at = await placed(ctx, live, userId, q.id);
  if (!at) return [];
  const points = await at.cluster.client.qemu.rrddata(at.node, at.vmid, q.timeframe, q.cf).catch(async () => {
    // The status snapshot may still list a VM deleted since (it is up to 2 s old): gone has no history.
    if ((await vmExists(at.cluster.client, at.node, at.vmid).catch(() => true)) === false) return null;
    throw new AppError('get_instance_error', 502);
  });
  if (!points) return [];
  const v = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? null : x);
  return points.map((p) => ({
    Time: Math.round(p.time),
    Cpu: v(p.cpu),
    Mem: v(p.mem),
    Maxmem: v(p.maxmem),
    Netin: v(p.netin),
    Netout: v(p.netout),
    Diskread: v(p.diskread),
    Diskwrite: v(p.diskwrite),
  }));
}

const NO_AGENT: GuestOsInfo = {
  Available: false,
  Name: null,
  PrettyName: null,
  Version: null,
  KernelRelease: null,
  Machine: null,
};

/** api/instance/agent/osinfo: what the guest agent says; Available false when it cannot answer. */
export async function guestOsInfo(ctx: Context, live: LiveState, userId: number, id: number): Promise<GuestOsInfo> {
  const at = await placed(ctx, live, userId, id).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'instance_not_exist') throw e;
    return null;
  });
  if (!at || at.vm.status !== 'running') return NO_AGENT;
  try {
    const os = await at.cluster.client.agent.osInfo(at.node, at.vmid);
    return {
      Available: true,
      Name: os.name ?? null,
      PrettyName: os.prettyName ?? null,
      Version: os.version ?? null,
      KernelRelease: os.kernelRelease ?? null,
      Machine: os.machine ?? null,
    };
  } catch {
    return NO_AGENT;
  }
}
