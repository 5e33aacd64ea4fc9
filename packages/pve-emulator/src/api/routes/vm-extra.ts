import { defaultUser } from '../../state/config-ops.js';
import { rrdPoints } from '../../state/metrics.js';
import type { Handler } from '../context.js';
import { fail } from '../errors.js';

/** rrddata, cloud-init views, migrate and move_disk. */
export const vmExtraRoutes: Record<string, Handler> = {
  'GET /nodes/{node}/qemu/{vmid}/rrddata': (ctx) => {
    const vm = ctx.vm();
    const { seed, schema } = ctx.cluster.cfg;
    return rrdPoints(vm, seed, schema, ctx.req('timeframe'), ctx.str('cf') ?? 'AVERAGE');
  },
  'GET /nodes/{node}/qemu/{vmid}/cloudinit': (ctx) => {
    const vm = ctx.vm();
    return Object.entries(vm.config)
      .filter(([k]) => /^(ci|ipconfig|sshkeys|nameserver|searchdomain)/.test(k))
      .map(([key, value]) => ({ key, value: key === 'cipassword' ? '**********' : value }));
  },
  'PUT /nodes/{node}/qemu/{vmid}/cloudinit': (ctx) => {
    const vm = ctx.vm();
    ctx.checkLock(vm);
    return null;
  },
  'GET /nodes/{node}/qemu/{vmid}/cloudinit/dump': (ctx) => {
    const vm = ctx.vm();
    const c = vm.config;
    const type = ctx.req('type');
    if (type === 'user') {
      const keys = c.sshkeys ? decodeURIComponent(c.sshkeys).split('\n').filter(Boolean) : [];
      const lines = [
        '#cloud-config',
        `hostname: ${c.name ?? `vm${vm.vmid}`}`,
        'manage_etc_hosts: true',
        `user: ${c.ciuser ?? defaultUser(vm)}`,
      ];
      if (c.cipassword) lines.push(`password: ${c.cipassword}`, 'chpasswd:', '  expire: False');
      if (keys.length) lines.push('ssh_authorized_keys:', ...keys.map((k) => `  - ${k}`));
      lines.push(`package_upgrade: ${c.ciupgrade === '0' ? 'false' : 'true'}`);
      return `${lines.join('\n')}\n`;
    }
    if (type === 'network') return `version: 1\nconfig:\n    - type: physical\n      name: eth0\n`;
    return `instance-id: ${vm.ciBootHash ?? 'pending'}\n`;
  },
  'POST /nodes/{node}/qemu/{vmid}/migrate': (ctx) => {
    const vm = ctx.vm();
    ctx.checkLock(vm);
    const target = ctx.req('target');
    ctx.cluster.requireNode(target);
    if (target === vm.node) throw fail(`target is local node.`);
    if (vm.status === 'running' && !ctx.bool('online')) throw fail(`can't migrate running VM without --online`);
    return ctx.lockedTask(vm, 'migrate', {
      node: vm.node,
      type: 'qmigrate',
      id: String(vm.vmid),
      seconds: 5,
      run: () => {
        vm.node = target;
      },
    });
  },
  'POST /nodes/{node}/qemu/{vmid}/move_disk': (ctx) => {
    const vm = ctx.vm();
    ctx.checkLock(vm);
    const disk = ctx.req('disk');
    if (!vm.config[disk]) throw fail(`disk '${disk}' does not exist`);
    return ctx.task({ node: vm.node, type: 'qmmove', id: String(vm.vmid), seconds: 3 });
  },
};
