import type { StaffComputeFindings } from '@nimbus/contract';
import type { Queryable } from '../db/pool.js';

/**
 * What the last reconcile pass found, for the operator (GET api/staff/compute/findings and
 * `npm run admin -- compute:findings`): instances whose VM is gone, oldest first, and VMs marked
 * as this installation's that no instance owns.
 */
export async function computeFindings(db: Queryable): Promise<StaffComputeFindings> {
  const { rows: missing } = await db.query<{
    id: number;
    email: string;
    hostname: string;
    cluster: string;
    vmid: number;
    since: Date;
  }>(
    `select i.id::int, u.email, i.hostname, i.cluster, i.vmid, i.vm_missing_since as since
       from instances i join users u on u.id = i.user_id
      where i.vm_missing_since is not null and i.status not in ('destroyed', 'cancelled')
      order by i.vm_missing_since, i.id`,
  );
  const { rows: orphans } = await db.query<{
    cluster: string;
    vmid: number;
    node: string;
    instance_id: number | null;
    first_seen: Date;
  }>('select cluster, vmid, node, instance_id::int, first_seen from orphan_vms order by cluster, vmid');
  return {
    Missing: missing.map((m) => ({
      InstanceId: m.id,
      Hostname: m.hostname,
      Email: m.email,
      Cluster: m.cluster,
      Vmid: m.vmid,
      Since: m.since.toISOString(),
    })),
    Orphans: orphans.map((o) => ({
      Cluster: o.cluster,
      Vmid: o.vmid,
      Node: o.node,
      InstanceId: o.instance_id,
      Since: o.first_seen.toISOString(),
    })),
  };
}
