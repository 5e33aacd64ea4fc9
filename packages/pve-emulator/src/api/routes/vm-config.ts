import { applyConfig, configDigest, publicConfig } from '../../state/config-ops.js';
import { effectiveConfig } from '../../state/pending.js';
import { diskSize, formatSize, parseSize } from '../../state/sizes.js';
import type { Ctx, Handler } from '../context.js';
import { PveError, fail, paramError } from '../errors.js';

async function updateConfig(ctx: Ctx): Promise<void> {
  const vm = ctx.vm();
  ctx.checkLock(vm);
  await ctx.flock(vm);
  applyConfig(ctx.cluster, vm, ctx.params);
}

/** VM config, status, resize, delete and related endpoints. */
export const vmConfigRoutes: Record<string, Handler> = {
  'GET /nodes/{node}/qemu/{vmid}/config': (ctx) => {
    const vm = ctx.vm();
    const snapname = ctx.str('snapshot');
    if (snapname) {
      const snap = vm.snapshots.find((s) => s.name === snapname);
      if (!snap) throw fail(`snapshot '${snapname}' does not exist`);
      return publicConfig(snap.config);
    }
    const digest = configDigest(vm.config, vm.pending);
    return publicConfig(ctx.bool('current') ? vm.config : effectiveConfig(vm), digest);
  },
  'POST /nodes/{node}/qemu/{vmid}/config': async (ctx) => {
    await updateConfig(ctx);
    const upid = ctx.task({
      node: ctx.req('node'),
      type: 'qmconfig',
      id: ctx.req('vmid'),
      seconds: 0.5,
      holds: ctx.vm(),
    });
    return ctx.settle(upid, ctx.num('background_delay'));
  },
  'PUT /nodes/{node}/qemu/{vmid}/config': async (ctx) => {
    await updateConfig(ctx);
    return null;
  },
  'GET /nodes/{node}/qemu/{vmid}/pending': (ctx) => {
    const vm = ctx.vm();
    const mask = (k: string, v: string) => (k === 'cipassword' ? '**********' : v);
    const keys = [...new Set([...Object.keys(vm.config), ...Object.keys(vm.pending)])].sort();
    return keys.map((key) => {
      const row: Record<string, unknown> = { key };
      const value = vm.config[key];
      const pending = vm.pending[key];
      if (value !== undefined) row.value = mask(key, value);
      if (pending === null) row.delete = 1;
      else if (pending !== undefined) row.pending = mask(key, pending);
      return row;
    });
  },
  'GET /nodes/{node}/qemu/{vmid}/status': (ctx) => {
    ctx.vm();
    return ['current', 'start', 'stop', 'reset', 'shutdown', 'suspend', 'reboot', 'resume'].map((subdir) => ({
      subdir,
    }));
  },
  'PUT /nodes/{node}/qemu/{vmid}/resize': async (ctx) => {
    const vm = ctx.vm();
    ctx.checkLock(vm);
    await ctx.flock(vm);
    if (ctx.str('digest') && ctx.str('digest') !== configDigest(vm.config, vm.pending)) {
      throw fail('detected modified configuration - file changed by other user? Try again.');
    }
    const disk = ctx.req('disk');
    const current = vm.config[disk];
    if (!current) throw paramError({ disk: `disk '${disk}' does not exist` });
    const size = ctx.req('size');
    const old = diskSize(current);
    const next = size.startsWith('+') ? old + parseSize(size.slice(1)) : parseSize(size);
    if (next < old) throw fail(`shrinking disks is not supported`);
    return ctx.task({
      node: vm.node,
      type: 'resize',
      id: String(vm.vmid),
      seconds: 1,
      holds: vm,
      lines: [`Image resized.`],
      run: () => {
        vm.config[disk] = current.replace(/size=[^,]+/, `size=${formatSize(next)}`);
      },
    });
  },
  'DELETE /nodes/{node}/qemu/{vmid}': (ctx) => {
    const vm = ctx.vm();
    ctx.checkLock(vm);
    if (vm.status === 'running') throw fail(`VM ${vm.vmid} is running - destroy failed`);
    const linked = [...ctx.cluster.vms.values()].some((o) => o.config.scsi0?.includes(`base-${vm.vmid}-disk-0/`));
    if (vm.config.template === '1' && linked) throw fail(`base volume is in use by linked clones`);
    return ctx.lockedTask(vm, 'destroyed', {
      node: vm.node,
      type: 'qmdestroy',
      id: String(vm.vmid),
      seconds: 1,
      lines: [`Removing image: 100% complete...done.`, `purging VM ${vm.vmid} from related configurations..`],
      run: () => {
        ctx.cluster.vms.delete(vm.vmid);
      },
    });
  },
  'POST /nodes/{node}/qemu/{vmid}/template': (ctx) => {
    const vm = ctx.vm();
    ctx.checkLock(vm);
    if (vm.status === 'running') throw new PveError(500, `you can't convert a running VM to a template`);
    return ctx.task({
      node: vm.node,
      type: 'qmtemplate',
      id: String(vm.vmid),
      seconds: 1,
      run: () => {
        vm.config.template = '1';
      },
    });
  },
};
