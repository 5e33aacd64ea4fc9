import { computeFindings } from '../../infra/compute/findings.js';
import type { Command } from './types.js';

export const computeCommands: Record<string, Command> = {
  'compute:findings': {
    usage:
      '(what the last reconcile pass found: instances whose VM is gone, and VMs marked as ours that no instance owns)',
    async run({ db }) {
      const f = await computeFindings(db);
      return [
        `instances whose VM is gone (renewals stopped): ${f.Missing.length}`,
        ...f.Missing.map(
          (m) =>
            `  instance ${m.InstanceId} (${m.Hostname}, ${m.Email}) on ${m.Cluster}, VMID ${m.Vmid}, missing since ${m.Since}`,
        ),
        `VMs marked as this installation's with no instance (left in place): ${f.Orphans.length}`,
        ...f.Orphans.map(
          (o) =>
            `  ${o.Cluster} VMID ${o.Vmid} on node ${o.Node}, marked for instance ${o.InstanceId ?? '?'}, seen since ${o.Since}`,
        ),
      ].join('\n');
    },
  },
};
