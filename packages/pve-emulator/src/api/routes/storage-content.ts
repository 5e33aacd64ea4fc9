import { diskSize } from '../../state/sizes.js';
import type { Ctx, Handler } from '../context.js';
import { fail } from '../errors.js';

function contentRows(ctx: Ctx, storage: string): Record<string, unknown>[] {
  const { cfg } = ctx.cluster;
  if (storage === cfg.backupStorage || storage === 'local') {
    const backups = [...ctx.cluster.backups.values()].filter((b) => b.volid.startsWith(`${storage}:`));
    return backups.map((b) => ({
      volid: b.volid,
      content: 'backup',
      ctime: b.ctime,
      format: 'vma.zst',
      size: b.size,
      vmid: b.vmid,
      notes: b.notes,
      protected: b.protected ? 1 : 0,
      subtype: 'qemu',
    }));
  }
  if (storage === cfg.storage) {
    return [...ctx.cluster.vms.values()].flatMap((vm) => {
      const vol = /^[^:]+:([^,]+)/.exec(vm.config.scsi0 ?? '')?.[1];
      if (!vol) return [];
      return [
        {
          volid: `${storage}:${vol.split('/').pop() ?? vol}`,
          content: 'images',
          format: 'raw',
          size: diskSize(vm.config.scsi0),
          vmid: vm.vmid,
        },
      ];
    });
  }
  throw fail(`storage '${storage}' does not exist`);
}

/** Storage content: list (backups and VM images), get and delete a volume. */
export const storageContentRoutes: Record<string, Handler> = {
  'GET /nodes/{node}/storage/{storage}/content': (ctx) => {
    ctx.cluster.requireNode(ctx.req('node'));
    const content = ctx.str('content');
    const vmid = ctx.num('vmid');
    return contentRows(ctx, ctx.req('storage')).filter(
      (r) => (!content || r.content === content) && (vmid === undefined || r.vmid === vmid),
    );
  },
  'GET /nodes/{node}/storage/{storage}/content/{volume}': (ctx) => {
    const volume = ctx.req('volume');
    const storage = ctx.str('storage');
    const volid = storage && !volume.includes(':') ? `${storage}:${volume}` : volume;
    const b = ctx.cluster.backups.get(volid);
    if (!b) throw fail(`volume '${volid}' does not exist`);
    return {
      path: `/mnt/pve/${ctx.cluster.cfg.backupStorage}/dump/${volid.split('/').pop() ?? ''}`,
      size: b.size,
      used: b.size,
      format: 'vma.zst',
      notes: b.notes,
      protected: b.protected ? 1 : 0,
    };
  },
  'DELETE /nodes/{node}/storage/{storage}/content/{volume}': async (ctx) => {
    const volume = ctx.req('volume');
    const storage = ctx.str('storage');
    const volid = storage && !volume.includes(':') ? `${storage}:${volume}` : volume;
    const b = ctx.cluster.backups.get(volid);
    if (!b) throw fail(`volume '${volid}' does not exist`);
    if (b.protected) throw fail(`unable to delete '${volid}' - backup is protected`);
    const upid = ctx.task({
      node: ctx.req('node'),
      type: 'imgdel',
      id: volid.replace(/:/g, '\\x3a'),
      seconds: 0.5,
      run: () => void ctx.cluster.backups.delete(volid),
    });
    return ctx.settle(upid, ctx.num('delay'));
  },
};
