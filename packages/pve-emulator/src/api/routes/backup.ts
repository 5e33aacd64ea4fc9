import { unit } from '../../state/prng.js';
import { diskSize } from '../../state/sizes.js';
import type { VmState } from '../../state/types.js';
import type { Ctx, Handler } from '../context.js';
import { fail } from '../errors.js';

const pad = (n: number): string => String(n).padStart(2, '0');

function stamp(d: Date): string {
  return `${d.getUTCFullYear()}_${pad(d.getUTCMonth() + 1)}_${pad(d.getUTCDate())}-${pad(d.getUTCHours())}_${pad(d.getUTCMinutes())}_${pad(d.getUTCSeconds())}`;
}

function backupOne(ctx: Ctx, vm: VmState, storage: string, notesTemplate: string | undefined): string[] {
  let when = new Date();
  let volid = `${storage}:backup/vzdump-qemu-${vm.vmid}-${stamp(when)}.vma.zst`;
  // Two backups within one second would collide; real vzdump cannot do that, the emulator can.
  while (ctx.cluster.backups.has(volid)) {
    when = new Date(when.getTime() + 1000);
    volid = `${storage}:backup/vzdump-qemu-${vm.vmid}-${stamp(when)}.vma.zst`;
  }
  const size = Math.round(
    diskSize(vm.config.scsi0) * (0.1 + 0.2 * unit(ctx.cluster.cfg.seed, vm.vmid, when.getTime())),
  );
  const config = { ...vm.config };
  delete config.lock;
  const notes = (notesTemplate ?? '{{guestname}}')
    .replace(/\{\{guestname\}\}/g, vm.config.name ?? '')
    .replace(/\{\{vmid\}\}/g, String(vm.vmid))
    .replace(/\{\{node\}\}/g, vm.node)
    .replace(/\{\{cluster\}\}/g, ctx.cluster.cfg.name);
  ctx.cluster.backups.set(volid, {
    volid,
    vmid: vm.vmid,
    ctime: Math.floor(when.getTime() / 1000),
    size,
    notes,
    protected: ctx.bool('protected') ?? false,
    config,
    os: vm.os,
  });
  return [
    `INFO: Starting Backup of VM ${vm.vmid} (qemu)`,
    `INFO: creating vzdump archive '${volid}'`,
    `INFO: Finished Backup of VM ${vm.vmid}`,
  ];
}

/** vzdump and its defaults (restore lives in clone.ts with POST /nodes/{node}/qemu). */
export const backupRoutes: Record<string, Handler> = {
  'POST /nodes/{node}/vzdump': (ctx) => {
    const node = ctx.req('node');
    ctx.cluster.requireNode(node);
    const storage = ctx.str('storage') ?? ctx.cluster.cfg.backupStorage;
    if (storage !== ctx.cluster.cfg.backupStorage && storage !== 'local')
      throw fail(`storage '${storage}' does not support backups`);
    const ids = ctx.bool('all')
      ? [...ctx.cluster.vms.values()].filter((v) => v.node === node).map((v) => v.vmid)
      : (ctx.str('vmid') ?? '')
          .split(/[,;\s]+/)
          .filter(Boolean)
          .map(Number);
    if (!ids.length) throw fail('no guests selected');
    const vms = ids.map((id) => ctx.cluster.vms.get(id));
    for (const [i, vm] of vms.entries()) {
      if (!vm || vm.node !== node) throw fail(`unable to find VM ${ids[i] ?? ''} on node '${node}'`);
      ctx.checkLock(vm);
    }
    const present = vms.filter((v): v is VmState => v !== undefined);
    for (const vm of present) vm.config.lock = 'backup';
    return ctx.task({
      node,
      type: 'vzdump',
      id: ids.length === 1 ? String(ids[0]) : '',
      seconds: 4 * present.length,
      run: () => present.flatMap((vm) => backupOne(ctx, vm, storage, ctx.str('notes-template'))),
      cleanup: () => {
        for (const vm of present) if (vm.config.lock === 'backup') delete vm.config.lock;
      },
    });
  },
  'GET /nodes/{node}/vzdump/defaults': (ctx) => {
    ctx.cluster.requireNode(ctx.req('node'));
    return {
      storage: ctx.str('storage') ?? ctx.cluster.cfg.backupStorage,
      mode: 'snapshot',
      compress: 'zstd',
      remove: 1,
    };
  },
};
