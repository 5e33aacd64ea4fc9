import { bootVm, haltVm } from '../../state/power.js';
import type { Snapshot, VmState } from '../../state/types.js';
import type { Ctx, Handler } from '../context.js';
import { fail } from '../errors.js';

function find(ctx: Ctx, vm: VmState): Snapshot {
  const name = ctx.req('snapname');
  const snap = vm.snapshots.find((s) => s.name === name);
  if (!snap) throw fail(`snapshot '${name}' does not exist`);
  return snap;
}

/** Snapshot list/create/delete/rollback with the VM locked while each task runs. */
export const snapshotRoutes: Record<string, Handler> = {
  'GET /nodes/{node}/qemu/{vmid}/snapshot': (ctx) => {
    const vm = ctx.vm();
    const rows: Record<string, unknown>[] = vm.snapshots.map((s) => {
      const row: Record<string, unknown> = {
        name: s.name,
        description: s.description,
        snaptime: s.snaptime,
        vmstate: s.vmstate,
      };
      if (s.parent) row.parent = s.parent;
      return row;
    });
    // Proxmox always lists the pseudo-entry "current" (the live state).
    const current: Record<string, unknown> = {
      name: 'current',
      description: 'You are here!',
      running: vm.status === 'running' ? 1 : 0,
    };
    if (vm.currentParent) current.parent = vm.currentParent;
    return [...rows, current];
  },
  'POST /nodes/{node}/qemu/{vmid}/snapshot': (ctx) => {
    const vm = ctx.vm();
    const name = ctx.req('snapname');
    ctx.checkLock(vm);
    if (name === 'current') throw fail(`invalid snapshot name 'current'`);
    if (vm.snapshots.some((s) => s.name === name)) throw fail(`snapshot name '${name}' already used`);
    const vmstate = ctx.bool('vmstate') && vm.status === 'running' ? 1 : 0;
    const config = { ...vm.config };
    return ctx.lockedTask(vm, 'snapshot', {
      node: vm.node,
      type: 'qmsnapshot',
      id: String(vm.vmid),
      seconds: vmstate ? 3 : 1,
      lines: [
        vmstate ? 'saving VM state and RAM using storage' : `snapshotting 'drive-scsi0' (${vm.config.scsi0 ?? ''})`,
      ],
      run: () => {
        delete config.lock;
        vm.snapshots.push({
          name,
          description: ctx.str('description') ?? '',
          snaptime: Math.floor(Date.now() / 1000),
          vmstate,
          parent: vm.currentParent,
          config,
          running: vm.status === 'running',
        });
        vm.currentParent = name;
      },
    });
  },
  'GET /nodes/{node}/qemu/{vmid}/snapshot/{snapname}/config': (ctx) => ({ ...find(ctx, ctx.vm()).config }),
  'PUT /nodes/{node}/qemu/{vmid}/snapshot/{snapname}/config': (ctx) => {
    const snap = find(ctx, ctx.vm());
    if (ctx.str('description') !== undefined) snap.description = ctx.req('description');
    return null;
  },
  'DELETE /nodes/{node}/qemu/{vmid}/snapshot/{snapname}': (ctx) => {
    const vm = ctx.vm();
    const snap = find(ctx, vm);
    if (!ctx.bool('force')) ctx.checkLock(vm);
    return ctx.lockedTask(vm, 'snapshot-delete', {
      node: vm.node,
      type: 'qmdelsnapshot',
      id: String(vm.vmid),
      seconds: 1,
      run: () => {
        vm.snapshots = vm.snapshots.filter((s) => s !== snap);
        for (const s of vm.snapshots) if (s.parent === snap.name) s.parent = snap.parent;
        if (vm.currentParent === snap.name) vm.currentParent = snap.parent;
      },
    });
  },
  'POST /nodes/{node}/qemu/{vmid}/snapshot/{snapname}/rollback': (ctx) => {
    const vm = ctx.vm();
    const snap = find(ctx, vm);
    ctx.checkLock(vm);
    return ctx.lockedTask(vm, 'rollback', {
      node: vm.node,
      type: 'qmrollback',
      id: String(vm.vmid),
      seconds: 2,
      run: () => {
        // Without saved RAM the VM ends up stopped (or started when `start` is set), as qemu-server does.
        haltVm(vm);
        vm.config = { ...snap.config, lock: 'rollback' };
        vm.currentParent = snap.name;
        if (snap.vmstate || ctx.bool('start')) bootVm(vm);
      },
    });
  },
};
