import type { Context } from '../lib/context.js';
import { sendEvery } from '../jobs/every.js';
import type { Jobs, QueueSpec } from '../jobs/jobs.js';
import type { ClusterHandle } from './compute.js';
import {
  markDescription,
  readMarks,
  taggedInstallations,
  vmPresence,
  vmsInRange,
  withInstallationTag,
  type Marks,
} from './marks.js';

// The database and the clusters are compared at start and every RECONCILE_EVERY_SECONDS.
// An instance whose VM is gone (or whose VMID now holds a VM that is not its own) is marked
// missing: the customer sees "not exists", renewals stop (no invoice, no charge) and the operator
// is told. A VM marked as ours that no instance owns is reported, never deleted.

export const RECONCILE_QUEUE = 'compute.reconcile';

/** What one pass found, for the log and the operator. */
export interface ReconcileReport {
  /** Instances whose VM was found gone in this pass (newly). */
  missing: number[];
  /** Instances whose VM is there again (newly). */
  back: number[];
  /** VMs marked as ours with no instance owning them, as found in this pass. */
  orphans: { cluster: string; vmid: number; node: string; instance: number | null }[];
  /** VMs in this installation's ranges that another installation marked. */
  foreign: { cluster: string; vmid: number; installation: string }[];
  /** Clusters that could not be asked; their instances are left as they were. */
  unreachable: string[];
}

/**
 * Instances that should have a VM on their cluster now: live, and no task running on them (a
 * deploy, reinstall, restore or destroy may be making, replacing or removing the VM right now).
 */
const HAS_VM = `i.status in ('available', 'paused') and i.vmid is not null and i.node is not null
  and not exists (select 1 from tasks t where t.instance_id = i.id and t.status < 2)`;

interface Held {
  id: number;
  vmid: number;
  node: string;
  /** Made before this installation had an identity (before migration 0050): its VM has no marks yet. */
  legacy: boolean;
}

/** One pass over every cluster; a cluster that fails is skipped and logged, the others go on. */
export async function reconcile(ctx: Pick<Context, 'db' | 'log' | 'compute'>): Promise<ReconcileReport> {
  const report: ReconcileReport = { missing: [], back: [], orphans: [], foreign: [], unreachable: [] };
  for (const region of ctx.compute?.regions() ?? []) {
    for (const cluster of region.clusters) {
      const key = `${region.id}/${cluster.config.name}`;
      try {
        await reconcileCluster(ctx, key, cluster, report);
      } catch (err) {
        report.unreachable.push(key);
        ctx.log.warn({ err, cluster: key }, 'reconcile: the cluster could not be compared with the database');
      }
    }
  }
  return report;
}

async function reconcileCluster(
  ctx: Pick<Context, 'db' | 'log'>,
  key: string,
  cluster: ClusterHandle,
  report: ReconcileReport,
): Promise<void> {
  // The instances first, then the cluster: a deploy that ends in between is not in the list, and
  // one whose VM goes in between is checked again when it is marked (below).
  const { rows: held } = await ctx.db.query<Held>(
    `select i.id::int, i.vmid, i.node, i.created_at < (select created_at from installation) as legacy
       from instances i where i.cluster = $1 and ${HAS_VM}`,
    [key],
  );
  const rows = await cluster.client.cluster.resources('vm');
  const byVmid = new Map(rows.filter((r) => r.vmid !== undefined).map((r) => [r.vmid!, r]));
  const heldAt = new Map(held.map((h) => [h.vmid, h]));
  for (const h of held) {
    const row = byVmid.get(h.vmid);
    // Tagged as this installation's: its own (the tag is set by the deploy that placed it there).
    // Untagged or tagged otherwise: its description's marks decide.
    const marks = { installation: cluster.installation, instance: h.id };
    const ours =
      !!row &&
      (taggedInstallations(row.tags).includes(cluster.installation) ||
        (await vmPresence(cluster.client, row.node ?? h.node, h.vmid, marks)) === 'ours' ||
        (h.legacy && (await markLegacy(ctx, cluster, row.node ?? h.node, h.vmid, marks))));
    if (!ours) {
      const { rowCount } = await ctx.db.query(
        `update instances i set vm_missing_since = now(), updated_at = now()
          where i.id = $1 and i.vmid = $2 and i.vm_missing_since is null and ${HAS_VM}`,
        [h.id, h.vmid],
      );
      if (rowCount) {
        report.missing.push(h.id);
        ctx.log.warn(
          { instance: h.id, cluster: key, vmid: h.vmid, found: row ? "a VM that is not this instance's" : 'no VM' },
          "reconcile: an instance's VM is gone; renewals stop until it is back (npm run admin -- compute:findings)",
        );
      }
    } else {
      const { rowCount } = await ctx.db.query(
        'update instances set vm_missing_since = null, updated_at = now() where id = $1 and vm_missing_since is not null',
        [h.id],
      );
      if (rowCount) {
        report.back.push(h.id);
        ctx.log.info({ instance: h.id, cluster: key, vmid: h.vmid }, "reconcile: an instance's VM is back");
      }
    }
  }
  // VMs of this installation that no instance accounts for. A VM tagged as ours at a VMID an
  // instance holds is that instance's (checked above); the rest have their marks read.
  const unaccounted = rows.filter(
    (r) => !(r.vmid !== undefined && heldAt.has(r.vmid) && taggedInstallations(r.tags).includes(cluster.installation)),
  );
  const inRange = await vmsInRange(cluster.client, cluster.config.vmidRange, cluster.installation, unaccounted);
  const orphans: ReconcileReport['orphans'] = [];
  for (const vm of inRange) {
    if (vm.installation && vm.installation !== cluster.installation) {
      report.foreign.push({ cluster: key, vmid: vm.vmid, installation: vm.installation });
      ctx.log.error(
        { cluster: key, vmid: vm.vmid, installation: vm.installation },
        "reconcile: another Nimbus installation has VMs in this installation's VMID range; give each its own vmidRange",
      );
      continue;
    }
    if (vm.installation !== cluster.installation) continue;
    if (vm.instance !== null && (await accountedFor(ctx, key, vm.vmid, vm.instance))) continue;
    orphans.push({ cluster: key, vmid: vm.vmid, node: vm.node, instance: vm.instance });
  }
  for (const o of orphans) {
    const { rows: added } = await ctx.db.query<{ fresh: boolean }>(
      `insert into orphan_vms (cluster, vmid, node, instance_id) values ($1, $2, $3, $4)
       on conflict (cluster, vmid) do update set node = $3, instance_id = $4, last_seen = now()
       returning (xmax = 0) as fresh`,
      [o.cluster, o.vmid, o.node, o.instance],
    );
    if (added[0]?.fresh)
      ctx.log.warn(
        { cluster: o.cluster, vmid: o.vmid, node: o.node, instance: o.instance },
        "reconcile: a VM marked as this installation's has no instance; left in place for the operator (npm run admin -- compute:findings)",
      );
  }
  await ctx.db.query('delete from orphan_vms where cluster = $1 and not (vmid = any($2::int[]))', [
    key,
    orphans.map((o) => o.vmid),
  ]);
  report.orphans.push(...orphans);
}

/**
 * Marks the VM of an instance made before marks existed (an installation upgraded to them): its
 * VM carries no marks of any installation, so the first pass gives it this one's. A VM carrying
 * any installation's marks or tag is never re-marked. Answers whether it marked the VM.
 */
async function markLegacy(
  ctx: Pick<Context, 'log'>,
  cluster: ClusterHandle,
  node: string,
  vmid: number,
  marks: Marks,
): Promise<boolean> {
  const config = await cluster.client.qemu.config(node, vmid);
  const { description, tags } = config.values;
  if (readMarks(description) || /nimbus-installation:/.test(description ?? '') || taggedInstallations(tags).length)
    return false;
  await cluster.client.qemu.updateConfig(node, vmid, {
    description: [description, markDescription(marks)].filter(Boolean).join('\n'),
    tags: withInstallationTag(tags, cluster.installation),
    digest: config.digest,
  });
  ctx.log.info({ instance: marks.instance, vmid }, 'reconcile: marked the VM of an instance made before VM marks');
  return true;
}

/**
 * Whether the instance a VM's marks name accounts for it: it holds that VMID, or it is being made
 * or remade there (a deploy or reinstall places the instance only once its clone is done).
 */
async function accountedFor(ctx: Pick<Context, 'db'>, key: string, vmid: number, instance: number): Promise<boolean> {
  const { rows } = await ctx.db.query<{ ok: boolean }>(
    `select (vmid = $3 or (status in ('creating', 'recreating') and (vmid is null or vmid = $3))) as ok
       from instances where id = $1 and cluster = $2`,
    [instance, key, vmid],
  );
  return !!rows[0]?.ok;
}

/** The reconcile queue: one pass per job; pg-boss keeps one job per interval over all replicas. */
export function reconcileQueue(ctx: Context): QueueSpec {
  return {
    name: RECONCILE_QUEUE,
    concurrency: 1,
    handler: async () => {
      const r = await reconcile(ctx);
      ctx.log.info(
        {
          missing: r.missing.length,
          back: r.back.length,
          orphans: r.orphans.length,
          foreign: r.foreign.length,
          unreachable: r.unreachable,
        },
        'reconcile pass done',
      );
    },
  };
}

/** Sends a pass at start and every RECONCILE_EVERY_SECONDS; returns the function that stops the timer. */
export function scheduleReconcile(ctx: Context, jobs: Jobs): () => void {
  return sendEvery(ctx.log, jobs, RECONCILE_QUEUE, ctx.config.RECONCILE_EVERY_SECONDS);
}
