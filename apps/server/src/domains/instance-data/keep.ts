import { diskSize, GIB } from '@nimbus/proxmox';
import type { Context } from '../../infra/lib/context.js';
import { catalog } from '../catalog/index.js';
import type { InstanceRow } from '../instances/index.js';
import type { Vm } from './common.js';

/**
 * Config keys that belong to the instance as it is now, not to the moment a backup or snapshot was
 * taken: its size (an upgrade since), its network and MAC (net0, the anti-spoofing filter and DHCP
 * lease follow them), and its cloud-init identity (hostname, user, keys, addresses). The guest's
 * password lives on its disk and comes back with the data; Proxmox never reads cipassword back.
 */
const KEEP = [
  'name',
  'cores',
  'sockets',
  'memory',
  'agent',
  'net0',
  'ipconfig0',
  'nameserver',
  'searchdomain',
  'ciuser',
  'sshkeys',
];

/** The kept keys' current values, read before a restore or rollback. */
export async function keptConfig(vm: Vm): Promise<Record<string, string>> {
  const { values } = await vm.client.qemu.config(vm.node, vm.vmid);
  const out: Record<string, string> = {};
  for (const k of KEEP) if (values[k] !== undefined) out[k] = String(values[k]);
  return out;
}

/**
 * Puts the instance back to its current shape after a restore or rollback: the kept keys, and the
 * disk grown to the product's size if the old one was smaller (Proxmox cannot shrink, so never less).
 */
export async function reapply(ctx: Context, vm: Vm, instance: InstanceRow, keep: Record<string, string>) {
  const { values } = await vm.client.qemu.config(vm.node, vm.vmid);
  const changed = Object.fromEntries(Object.entries(keep).filter(([k, v]) => String(values[k] ?? '') !== v));
  if (Object.keys(changed).length) await vm.client.qemu.setConfig(vm.node, vm.vmid, changed);
  const want = await catalog.diskOf(ctx.db, instance.product_id);
  if (want && (diskSize(String(values.scsi0 ?? '')) ?? 0) < want * GIB) {
    await vm.client.qemu.resize(vm.node, vm.vmid, 'scsi0', `${want}G`);
  }
}

const IPSET = 'ipfilter-net0';

/** The deploy's anti-spoofing filter (net0 may send only from its address), in case the archive lacked it. */
export async function ensureAntiSpoofing(vm: Vm, instance: InstanceRow): Promise<void> {
  const fw = vm.client.firewall;
  if (!(await fw.ipsets(vm.node, vm.vmid)).includes(IPSET)) {
    await fw.createIpset(vm.node, vm.vmid, IPSET, 'anti-spoofing (Nimbus)');
  }
  const entries = await fw.ipsetEntries(vm.node, vm.vmid, IPSET);
  if (instance.ip_address && !entries.some((e) => e.split('/')[0] === instance.ip_address)) {
    await fw.addIpsetEntry(vm.node, vm.vmid, IPSET, instance.ip_address);
  }
  const options = await fw.getOptions(vm.node, vm.vmid);
  if (!options.ipfilter || !options.macfilter)
    await fw.setOptions(vm.node, vm.vmid, { ipfilter: true, macfilter: true });
}
