import { applyConfig, normalizeNet } from '../../state/config-ops.js';
import { bootVm } from '../../state/power.js';
import { hashInts } from '../../state/prng.js';
import { DEFAULT_OS } from '../../state/templates.js';
import type { Handler } from '../context.js';
import { fail, paramError } from '../errors.js';

const hashHex = (...v: number[]): string =>
  hashInts(...v)
    .toString(16)
    .padStart(8, '0');

const DISK = /^(scsi|virtio|sata|ide|efidisk|tpmstate)\d+$/;

/** Rewrites a disk's volume to the new VM's name (full) or a base/child pair (linked). */
function cloneDisk(value: string, src: number, dst: number, storage: string, linked: boolean, n: number): string {
  if (value.includes('media=cdrom')) return value.replace(/vm-\d+-cloudinit/, `vm-${dst}-cloudinit`);
  const rest = value.replace(/^[^,]+/, '');
  const base = /^[^:]+:([^,]+)/.exec(value)?.[1] ?? `base-${src}-disk-${n}`;
  const vol = linked ? `${base}/vm-${dst}-disk-${n}` : `vm-${dst}-disk-${n}`;
  return `${storage}:${vol}${rest}`;
}

/** POST …/clone: copies a VM or template to a new VMID, optionally on another node. */
export const cloneRoutes: Record<string, Handler> = {
  'POST /nodes/{node}/qemu/{vmid}/clone': (ctx) => {
    const src = ctx.vm();
    const newid = Number(ctx.req('newid'));
    const isTemplate = src.config.template === '1';
    const full = ctx.bool('full') ?? !isTemplate;
    if (!full && !isTemplate) throw fail('Linked clone feature is not supported for running VMs or non-templates');
    if (!full && ctx.str('storage')) throw paramError({ storage: "parameter 'storage' not allowed for linked clones" });
    if (!full && ctx.str('format')) throw paramError({ format: "parameter 'format' not allowed for linked clones" });
    const target = ctx.str('target') ?? src.node;
    ctx.cluster.requireNode(target);
    // Locks other than a shared source lock block the clone (e.g. a running backup).
    if (src.config.lock) throw fail(`VM is locked (${src.config.lock})`);
    const owner = ctx.cluster.ownerOf(newid);
    if (owner) throw fail(`unable to create VM ${newid}: config file already exists`);
    const storage = ctx.str('storage') ?? ctx.cluster.cfg.storage;
    const config: Record<string, string> = {};
    let disk = 0;
    let salt = 1;
    for (const [key, value] of Object.entries(src.config)) {
      if (key === 'template' || key === 'lock' || key === 'meta') continue;
      if (DISK.test(key)) config[key] = cloneDisk(value, src.vmid, newid, storage, !full, disk++);
      else if (/^net\d+$/.test(key))
        config[key] = normalizeNet(value.replace(/^(\w+)=[0-9A-Fa-f:]{17}/, '$1'), ctx.cluster.mac(newid, salt++));
      else config[key] = value;
    }
    config.name = ctx.str('name') ?? `Copy-of-VM-${src.config.name ?? src.vmid}`;
    // A clone is a new machine: fresh SMBIOS UUID and VM generation ID.
    const uuid = (n: number) =>
      `${hashHex(ctx.cluster.cfg.seed, newid, n)}-0000-4000-8000-${String(newid).padStart(12, '0')}`;
    if (config.smbios1) config.smbios1 = config.smbios1.replace(/uuid=[^,]+/, `uuid=${uuid(1)}`);
    if (config.vmgenid) config.vmgenid = uuid(2);
    if (ctx.str('description')) config.description = ctx.req('description');
    const vm = ctx.cluster.newVm(newid, target, config, src.os);
    ctx.cluster.vms.set(newid, vm);
    return ctx.lockedTask(vm, 'clone', {
      node: src.node,
      type: 'qmclone',
      id: String(src.vmid),
      seconds: full ? 6 : 1.5,
      lines: [
        `create ${full ? 'full' : 'linked'} clone of drive scsi0 (${src.config.scsi0 ?? ''})`,
        'transferred 100%',
      ],
      // A failed clone removes the half-created VM, like qemu-server's cleanup.
      onFail: () => {
        if (ctx.cluster.vms.get(newid) === vm) ctx.cluster.vms.delete(newid);
      },
    });
  },
  'POST /nodes/{node}/qemu': (ctx) => {
    const node = ctx.req('node');
    ctx.cluster.requireNode(node);
    const vmid = Number(ctx.req('vmid'));
    const archive = ctx.str('archive');
    const existing = ctx.cluster.vms.get(vmid);
    const emsg = archive ? `unable to restore VM ${vmid} -` : `unable to create VM ${vmid} -`;
    if (existing) {
      // create_and_lock_config: check_vmid_unused (unless force), then check_lock; restore then checks running.
      const exists = `${emsg} VM ${vmid} already exists on node '${existing.node}'`;
      if (existing.node !== node || !archive || !ctx.bool('force')) throw fail(exists);
      if (existing.config.lock) throw fail(`${emsg} VM is locked (${existing.config.lock})`);
      if (existing.status === 'running') throw fail(`${emsg} vm is running`);
    }
    if (archive) return restore(ctx, node, vmid, archive);
    const vm = ctx.cluster.newVm(vmid, node, {}, DEFAULT_OS);
    applyConfig(ctx.cluster, vm, ctx.params);
    ctx.cluster.vms.set(vmid, vm);
    return ctx.lockedTask(vm, 'create', { node, type: 'qmcreate', id: String(vmid), seconds: 1 });
  },
};

function restore(ctx: Parameters<Handler>[0], node: string, vmid: number, archive: string): string {
  const backup = ctx.cluster.backups.get(archive);
  if (!backup) throw fail(`volume '${archive}' does not exist`);
  const config = Object.fromEntries(
    Object.entries(backup.config).map(([k, v]) => [k, v.replace(new RegExp(`vm-${backup.vmid}-`, 'g'), `vm-${vmid}-`)]),
  );
  const vm = ctx.cluster.newVm(vmid, node, config, backup.os);
  const old = ctx.cluster.vms.get(vmid);
  if (old) vm.firewall = old.firewall;
  applyConfig(
    ctx.cluster,
    vm,
    Object.fromEntries(
      Object.entries(ctx.params).filter(
        ([k]) => !['archive', 'force', 'storage', 'unique', 'start', 'live-restore'].includes(k),
      ),
    ),
  );
  ctx.cluster.vms.set(vmid, vm);
  const start = ctx.bool('start');
  return ctx.lockedTask(vm, 'create', {
    node,
    type: 'qmrestore',
    id: String(vmid),
    seconds: 4,
    lines: [
      `restore vma archive: zstd -q -d -c /mnt/pve/${ctx.cluster.cfg.backupStorage}/dump/${archive.split('/').pop() ?? ''}`,
      'progress 100% (read 100%)',
    ],
    run: () => {
      if (start) bootVm(vm);
    },
  });
}
