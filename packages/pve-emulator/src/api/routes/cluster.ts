import { liveMetrics, usageFields } from '../../state/metrics.js';
import type { Ctx, Handler } from '../context.js';
import { PveError, paramError } from '../errors.js';
import { nodeStatus, nodeSummary, storageRows } from './node-info.js';

function vmResource(ctx: Ctx, vmid: number): Record<string, unknown> | undefined {
  const vm = ctx.cluster.vms.get(vmid);
  if (!vm) return undefined;
  const m = liveMetrics(vm, ctx.cluster.cfg.seed);
  const row: Record<string, unknown> = {
    id: `qemu/${vm.vmid}`,
    type: 'qemu',
    vmid: vm.vmid,
    node: vm.node,
    name: vm.config.name ?? `VM ${vm.vmid}`,
    status: vm.status,
    template: vm.config.template === '1' ? 1 : 0,
    maxcpu: m.cpus,
    ...usageFields(m),
  };
  if (vm.config.tags) row.tags = vm.config.tags;
  if (vm.config.lock) row.lock = vm.config.lock;
  return row;
}

/** Cluster-wide and node-level read endpoints plus the ticket login. */
export const clusterRoutes: Record<string, Handler> = {
  'GET /version': (ctx) => {
    const v9 = ctx.cluster.cfg.schema === 9;
    // repoid says "emulator" so nobody mistakes this for a real host.
    return {
      release: v9 ? '9.1' : '8.4',
      version: v9 ? '9.1.1' : '8.4.1',
      repoid: 'nimbus-pve-emulator',
      console: 'html5',
    };
  },
  'GET /nodes': (ctx) => ctx.cluster.cfg.nodes.map((n) => nodeSummary(ctx.cluster, n)),
  'GET /nodes/{node}/status': (ctx) => {
    ctx.cluster.requireNode(ctx.req('node'));
    return nodeStatus(ctx.cluster, ctx.req('node'));
  },
  'GET /nodes/{node}/storage': (ctx) => {
    ctx.cluster.requireNode(ctx.req('node'));
    const content = ctx.str('content');
    const storage = ctx.str('storage');
    return storageRows(ctx.cluster, ctx.req('node')).filter(
      (s) => (!content || String(s.content).split(',').includes(content)) && (!storage || s.storage === storage),
    );
  },
  'GET /nodes/{node}/qemu': (ctx) => {
    ctx.cluster.requireNode(ctx.req('node'));
    return [...ctx.cluster.vms.values()]
      .filter((vm) => vm.node === ctx.req('node'))
      .map((vm) => {
        // The per-node list has the same fields as cluster/resources minus id/type/node, plus cpus.
        const { id: _id, type: _type, node: _node, ...row } = vmResource(ctx, vm.vmid) ?? {};
        return { ...row, cpus: row.maxcpu };
      });
  },
  'GET /cluster/resources': (ctx) => {
    const type = ctx.str('type');
    const rows: Record<string, unknown>[] = [];
    if (!type || type === 'vm') {
      for (const vmid of [...ctx.cluster.vms.keys()].sort((a, b) => a - b)) rows.push(vmResource(ctx, vmid) ?? {});
    }
    if (!type || type === 'node') {
      for (const n of ctx.cluster.cfg.nodes)
        rows.push({ ...nodeSummary(ctx.cluster, n), id: `node/${n}`, type: 'node' });
    }
    if (!type || type === 'storage') {
      for (const n of ctx.cluster.cfg.nodes) {
        for (const s of storageRows(ctx.cluster, n)) {
          rows.push({
            id: `storage/${n}/${String(s.storage)}`,
            type: 'storage',
            node: n,
            storage: s.storage,
            status: 'available',
            content: s.content,
            plugintype: s.type,
            shared: s.shared,
            disk: s.used,
            maxdisk: s.total,
          });
        }
      }
    }
    return rows;
  },
  'GET /cluster/nextid': (ctx) => {
    const vmid = ctx.num('vmid');
    if (vmid !== undefined) {
      if (ctx.cluster.vms.has(vmid)) throw paramError({ vmid: `VM ${vmid} already exists` });
      return String(vmid);
    }
    return String(ctx.cluster.nextId());
  },
  'POST /access/ticket': (ctx) => {
    let username = ctx.req('username');
    const realm = ctx.str('realm');
    if (realm && !username.includes('@')) username = `${username}@${realm}`;
    if (!ctx.rt.auth.login(username, ctx.req('password'))) throw new PveError(401, 'authentication failure');
    const all = { 'VM.Audit': 1, 'VM.Console': 1, 'VM.PowerMgmt': 1, 'VM.Config.Options': 1 };
    return {
      username,
      ticket: ctx.rt.auth.ticket('PVE', username),
      CSRFPreventionToken: ctx.rt.auth.csrf(username),
      clustername: ctx.cluster.cfg.name,
      cap: { vms: all, storage: { 'Datastore.Audit': 1 }, nodes: { 'Sys.Audit': 1 }, access: {}, dc: {}, sdn: {} },
    };
  },
};
