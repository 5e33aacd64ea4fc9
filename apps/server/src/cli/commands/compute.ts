import type { Command } from './types.js';

export const computeCommands: Record<string, Command> = {
  'compute:findings': {
    usage:
      '(what the last reconcile pass found: instances whose VM is gone, and VMs marked as ours that no instance owns)',
    async run({ db }) {
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
        instance_id: string | null;
        first_seen: Date;
      }>('select cluster, vmid, node, instance_id, first_seen from orphan_vms order by cluster, vmid');
      const lines = [
        `instances whose VM is gone (renewals stopped): ${missing.length}`,
        ...missing.map(
          (m) =>
            `  instance ${m.id} (${m.hostname}, ${m.email}) on ${m.cluster}, VMID ${m.vmid}, missing since ${m.since.toISOString()}`,
        ),
        `VMs marked as this installation's with no instance (left in place): ${orphans.length}`,
        ...orphans.map(
          (o) =>
            `  ${o.cluster} VMID ${o.vmid} on node ${o.node}, marked for instance ${o.instance_id ?? '?'}, seen since ${o.first_seen.toISOString()}`,
        ),
      ];
      return lines.join('\n');
    },
  },
};
