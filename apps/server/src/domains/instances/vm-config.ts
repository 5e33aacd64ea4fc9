import { buildIpConfig, buildNet, parseNet } from '@nimbus/proxmox';
import type { ClusterHandle } from '../../infra/compute/compute.js';
import { withInstallationTag } from '../../infra/compute/marks.js';
import type { InstanceRow } from './repository.js';
import type { DeployState, Vm } from './vm.js';

/**
 * Sets sizes, cloud-init credentials, network and disk, and the installation's tag beside the marks
 * the clone wrote (one listing then tells installations apart); every change is safe to apply twice.
 * Answers net0's MAC address (the clone's own, or the one Proxmox gives a NIC that had none).
 */
export async function configure(
  vm: Vm,
  instance: InstanceRow,
  state: DeployState,
  cluster: Pick<ClusterHandle, 'config' | 'installation'>,
): Promise<string | undefined> {
  const current = await vm.client.qemu.config(vm.node, vm.vmid);
  const net = parseNet(current.values.net0 ?? 'virtio');
  await vm.client.qemu.updateConfig(vm.node, vm.vmid, {
    name: instance.hostname,
    tags: withInstallationTag(current.values.tags, cluster.installation),
    cores: state.cores,
    memory: state.memoryMb,
    agent: 'enabled=1',
    ciuser: instance.username,
    ...(state.password ? { cipassword: state.password } : {}),
    ...(state.sshKeys.length ? { sshkeys: state.sshKeys } : {}),
    ipconfig0: buildIpConfig({ ip: `${instance.ip_address}/${instance.prefix}`, gw: instance.gateway ?? undefined }),
    nameserver: state.nameservers.join(' '),
    net0: buildNet({
      model: net.model ?? 'virtio',
      macaddr: net.macaddr,
      bridge: cluster.config.bridge,
      firewall: true,
    }),
  });
  await vm.client.qemu.resize(vm.node, vm.vmid, 'scsi0', `${state.diskGb}G`);
  if (net.macaddr) return net.macaddr;
  return parseNet((await vm.client.qemu.config(vm.node, vm.vmid)).values.net0 ?? '').macaddr;
}

const IPSET = 'ipfilter-net0';

/** The VM firewall on, accepting by default, and net0 allowed to send only from its own address. */
export async function firewall(vm: Vm, instance: InstanceRow): Promise<void> {
  const { client, node, vmid } = vm;
  if (!(await client.firewall.ipsets(node, vmid)).includes(IPSET)) {
    await client.firewall.createIpset(node, vmid, IPSET, 'anti-spoofing (Nimbus)');
  }
  const entries = await client.firewall.ipsetEntries(node, vmid, IPSET);
  if (instance.ip_address && !entries.some((e) => e.split('/')[0] === instance.ip_address)) {
    await client.firewall.addIpsetEntry(node, vmid, IPSET, instance.ip_address);
  }
  await client.firewall.setOptions(node, vmid, {
    enable: true,
    policy_in: 'ACCEPT',
    policy_out: 'ACCEPT',
    ipfilter: true,
    macfilter: true,
  });
}
