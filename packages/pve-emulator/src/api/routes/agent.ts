import { defaultUser } from '../../state/config-ops.js';
import { unit } from '../../state/prng.js';
import type { VmState } from '../../state/types.js';
import type { Ctx, Handler } from '../context.js';
import { fail } from '../errors.js';

/** Checks what qemu-server's agent_cmd checks, with its error texts. */
function agentVm(ctx: Ctx): VmState {
  const vm = ctx.vm();
  if (vm.status !== 'running') throw fail(`VM ${vm.vmid} is not running`);
  if (!/^(1|enabled=1)/.test(vm.config.agent ?? '')) throw fail('No QEMU guest agent configured');
  if (vm.qmpstatus === 'paused') throw fail('QEMU guest agent is not running');
  return vm;
}

function ipFrom(vm: VmState, seed: number): { ip?: string; prefix?: number; ip6?: string } {
  const cfg = vm.config.ipconfig0 ?? 'ip=dhcp';
  const v4 = /(?:^|,)ip=([^,/]+)(?:\/(\d+))?/.exec(cfg);
  const v6 = /(?:^|,)ip6=([^,/]+)/.exec(cfg);
  const dhcp = !v4 || v4[1] === 'dhcp';
  const n = Math.floor(unit(seed, vm.vmid) * 200) + 20;
  return {
    ip: dhcp ? `10.10.${vm.vmid % 250}.${n}` : v4[1],
    prefix: dhcp ? 24 : Number(v4[2] ?? 24),
    ip6: v6?.[1] && v6[1] !== 'dhcp' && v6[1] !== 'auto' ? v6[1] : undefined,
  };
}

const pids = new Map<number, number>();

/** Guest agent: ping, osinfo, interfaces, set-user-password, exec. */
export const agentRoutes: Record<string, Handler> = {
  'POST /nodes/{node}/qemu/{vmid}/agent/ping': (ctx) => {
    agentVm(ctx);
    return { result: {} };
  },
  'GET /nodes/{node}/qemu/{vmid}/agent/get-osinfo': (ctx) => {
    const { os } = agentVm(ctx);
    const result: Record<string, string> = {
      id: os.id,
      name: os.name,
      'pretty-name': os.prettyName,
      version: os.version,
      'version-id': os.versionId,
      'kernel-release': os.kernelRelease,
      'kernel-version': os.kernelVersion,
      machine: 'x86_64',
    };
    if (os.windows) result.variant = 'server';
    return { result };
  },
  'GET /nodes/{node}/qemu/{vmid}/agent/network-get-interfaces': (ctx) => {
    const vm = agentVm(ctx);
    const mac = (/^\w+=([0-9A-Fa-f:]{17})/.exec(vm.config.net0 ?? '')?.[1] ?? '').toLowerCase();
    const ip = ipFrom(vm, ctx.cluster.cfg.seed);
    const addrs: Record<string, unknown>[] = [{ 'ip-address-type': 'ipv4', 'ip-address': ip.ip, prefix: ip.prefix }];
    if (ip.ip6) addrs.push({ 'ip-address-type': 'ipv6', 'ip-address': ip.ip6, prefix: 64 });
    addrs.push({ 'ip-address-type': 'ipv6', 'ip-address': `fe80::${mac.split(':').slice(3).join('')}`, prefix: 64 });
    const stats = {
      'rx-bytes': 0,
      'tx-bytes': 0,
      'rx-packets': 0,
      'tx-packets': 0,
      'rx-errs': 0,
      'tx-errs': 0,
      'rx-dropped': 0,
      'tx-dropped': 0,
    };
    const lo = {
      name: vm.os.windows ? 'Loopback Pseudo-Interface 1' : 'lo',
      'hardware-address': '00:00:00:00:00:00',
      statistics: stats,
      'ip-addresses': [
        { 'ip-address-type': 'ipv4', 'ip-address': '127.0.0.1', prefix: 8 },
        { 'ip-address-type': 'ipv6', 'ip-address': '::1', prefix: 128 },
      ],
    };
    const eth = {
      name: vm.os.windows ? 'Ethernet' : 'eth0',
      'hardware-address': mac,
      'ip-addresses': addrs,
      statistics: stats,
    };
    return { result: [lo, eth] };
  },
  'POST /nodes/{node}/qemu/{vmid}/agent/set-user-password': (ctx) => {
    const vm = agentVm(ctx);
    const user = ctx.req('username');
    const known = user === 'root' || user === (vm.config.ciuser ?? defaultUser(vm)) || user in vm.guestPasswords;
    if (!known)
      throw fail(`Agent error: Failed to set password for user '${user}': chpasswd: user '${user}' does not exist`);
    if (ctx.bool('crypted')) throw fail('Agent error: crypted passwords are not supported by the emulator');
    vm.guestPasswords[user] = ctx.req('password');
    return { result: {} };
  },
  'POST /nodes/{node}/qemu/{vmid}/agent/exec': (ctx) => {
    const vm = agentVm(ctx);
    const pid = 1000 + (pids.get(vm.vmid) ?? 0);
    pids.set(vm.vmid, pid - 999);
    return { pid };
  },
  'GET /nodes/{node}/qemu/{vmid}/agent/exec-status': (ctx) => {
    agentVm(ctx);
    return { exited: 1, exitcode: 0, 'out-data': '' };
  },
};
