import { OutcomeUnknownError, ProxmoxError, TaskFailedError, type ProxmoxClient } from '@nimbus/proxmox';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import type { ClusterHandle } from '../../infra/compute/compute.js';
import { instances, type InstanceRow } from './repository.js';
import { nextVmid } from './addresses-repository.js';
import { markDescription, vmPresence, type Marks, type Presence } from '../../infra/compute/marks.js';
import type { Patch } from '../../infra/tasks/steps.js';

/** The checkpoints of a deploy task (tasks.state). The password is removed once it is configured. */
export interface DeployState {
  image: string;
  cores: number;
  memoryMb: number;
  diskGb: number;
  password?: string;
  sshKeys: string[];
  nameservers: string[];
  /** Minor units taken from the balance, refunded if the deploy fails. */
  charged: number;
  /** False when the customer asked for the server to stay stopped once installed (absent: start it). */
  start?: boolean;
  node?: string;
  vmid?: number;
  cloneUpid?: string;
  /** Set when the deploy failed: the reason, while the VM, address and charge are given back. */
  failure?: string;
}

/** A VM as the steps address it. */
export interface Vm {
  client: ProxmoxClient;
  node: string;
  vmid: number;
}

const CLONE_TIMEOUT_MS = 30 * 60_000;

/** Whether the VM's config exists on the node (Proxmox answers 500 "does not exist" otherwise). */
export async function vmExists(client: ProxmoxClient, node: string, vmid: number): Promise<boolean> {
  try {
    await client.qemu.status(node, vmid);
    return true;
  } catch (e) {
    if (e instanceof ProxmoxError && /does not exist/i.test(e.reason)) return false;
    throw e;
  }
}

/** The marks an instance's VM carries on its cluster. */
export const marksOf = (cluster: ClusterHandle, instanceId: number): Marks => ({
  installation: cluster.installation,
  instance: instanceId,
});

/**
 * Refuses to act on an instance whose VM is gone from its cluster, or whose VMID now holds a VM
 * that is not this instance's (another installation's, another instance's, unmarked), the same way
 * on every instance route: 409 `wrong_status` (as for an instance with no VM to act on), and 502
 * `get_instance_error` when Proxmox cannot be asked. Never a 500.
 */
export async function assertVmOurs(
  cluster: ClusterHandle,
  node: string,
  vmid: number,
  instanceId: number,
): Promise<void> {
  let presence: Presence;
  try {
    presence = await vmPresence(cluster.client, node, vmid, marksOf(cluster, instanceId));
  } catch {
    throw new AppError('get_instance_error', 502);
  }
  if (presence !== 'ours') throw new AppError('wrong_status', 409);
}

/** The configured node with the most free memory, among those the cluster reports online. */
async function pickNode(cluster: ClusterHandle): Promise<string> {
  const nodes = (await cluster.client.cluster.resources('node')).filter(
    (n) => n.node && cluster.config.nodes.includes(n.node) && n.status !== 'offline',
  );
  nodes.sort((a, b) => (b.maxmem ?? 0) - (b.mem ?? 0) - ((a.maxmem ?? 0) - (a.mem ?? 0)));
  return nodes[0]?.node ?? cluster.config.nodes[0]!;
}

/** Where the template lives: clones are created on its node and placed with `target`. */
async function templateNode(cluster: ClusterHandle, templateVmid: number): Promise<string> {
  const vms = await cluster.client.cluster.resources('vm');
  const node = vms.find((v) => v.vmid === templateVmid)?.node;
  if (!node) throw new Error(`template ${templateVmid} is not on cluster ${cluster.config.name}`);
  return node;
}

/** A VMID no one uses, in the cluster's range: no instance of ours holds it and it is free in Proxmox. */
async function allocateVmid(ctx: Context, clusterKey: string, cluster: ClusterHandle): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const vmid = await nextVmid(ctx.db, clusterKey, cluster.config.vmidRange);
    const held = await instances.holdsVmid(ctx.db, clusterKey, vmid);
    if (!held && (await cluster.client.cluster.isVmidFree(vmid))) return vmid;
  }
  throw new Error(
    `no free VMID found on ${clusterKey} after 50 tries (vmidRange ${cluster.config.vmidRange.join('-')})`,
  );
}

/**
 * Makes sure the instance's VM exists, cloned from its image's template: picks the node and VMID
 * once (checkpointed), sends the clone only when the VM does not exist yet, and otherwise waits
 * for the clone already under way. A clone whose answer was lost is never sent twice blindly. The
 * clone carries the installation's and the instance's marks in its description: a VM at the VMID
 * without them (another installation's, a hand-made one) is never adopted, nor removed.
 */
export async function ensureVm(
  ctx: Context,
  cluster: ClusterHandle,
  instance: InstanceRow,
  state: DeployState,
  save: (patch: Patch<DeployState>) => Promise<void>,
  signal: AbortSignal,
): Promise<{ node: string; vmid: number }> {
  const { client } = cluster;
  const templateVmid = cluster.config.templates[state.image];
  if (templateVmid === undefined) throw new Error(`no template for ${state.image} on ${instance.cluster}`);
  if (!state.node) await save({ node: await pickNode(cluster) });
  if (!state.vmid) await save({ vmid: await allocateVmid(ctx, instance.cluster, cluster) });
  const node = state.node!;
  const vmid = state.vmid!;
  const marks = marksOf(cluster, instance.id);
  const presence = () => vmPresence(client, node, vmid, marks);
  const notOurs = () =>
    new NotOursError(`VMID ${vmid} on ${instance.cluster} holds a VM that is not this instance's; left alone`);
  try {
    if (state.cloneUpid) {
      // A clone was sent before (this worker or one that died): its task has the verdict.
      try {
        await client.waitTask(state.cloneUpid.split(':')[1] ?? node, state.cloneUpid, {
          timeoutMs: CLONE_TIMEOUT_MS,
          signal,
        });
      } catch (e) {
        // Proxmox no longer knows the task: its node lost its task list (the embedded emulated
        // clusters die with the console; a reinstalled node forgets too). The verdict is then the
        // VM's, read below: missing, it is cloned again; ours, it is kept.
        if (!isUnknownTask(e)) throw e;
        await save({ cloneUpid: null });
      }
    }
    const found = await presence();
    if (found === 'foreign') throw notOurs();
    if (found === 'missing') {
      const source = await templateNode(cluster, templateVmid);
      try {
        await client.qemu.clone(
          source,
          templateVmid,
          {
            newid: vmid,
            name: instance.hostname,
            full: true,
            storage: cluster.config.storage,
            target: node,
            description: markDescription(marks),
          },
          { onUpid: (upid) => void save({ cloneUpid: upid }), timeoutMs: CLONE_TIMEOUT_MS, signal },
        );
      } catch (e) {
        // A lost answer, or "already exists" after a retry: the VM's marks say whether it is ours.
        if (!(e instanceof OutcomeUnknownError || (e instanceof ProxmoxError && /already exists/i.test(e.reason))))
          throw e;
        const after = await presence();
        if (after === 'foreign') throw notOurs();
        if (after === 'missing') throw e;
      }
    }
  } catch (e) {
    if (!(e instanceof TaskFailedError)) throw e;
    // A failed clone may leave a half-made VM: remove it (if it is ours) so the next try starts clean.
    await removeOurVm(cluster, node, vmid, instance.id);
    await save({ cloneUpid: null });
    throw e;
  }
  const st = await client.qemu.waitUnlocked(node, vmid, { timeoutMs: CLONE_TIMEOUT_MS, signal });
  if (st.lock) throw new Error(`VM ${vmid} is still locked (${st.lock})`);
  return { node, vmid };
}

/** Proxmox's answer for a task id its node does not know. */
const isUnknownTask = (e: unknown) => e instanceof ProxmoxError && e.status === 500 && /no such task/i.test(e.reason);

/** A VMID that holds a VM not carrying this instance's marks: never retried, adopted or removed. */
export class NotOursError extends Error {}

/**
 * Removes the instance's VM if it is there and carries its marks; a VM at the VMID without them is
 * left alone (and logged by the caller). Safe to repeat: a removal whose answer was lost is done
 * when the VM is gone. Answers what held the VMID.
 */
export async function removeOurVm(
  cluster: ClusterHandle,
  node: string,
  vmid: number,
  instanceId: number,
): Promise<Presence> {
  const marks = marksOf(cluster, instanceId);
  const found = await vmPresence(cluster.client, node, vmid, marks);
  if (found !== 'ours') return found;
  try {
    await removeVm({ client: cluster.client, node, vmid });
  } catch (e) {
    // Another try (or a lost answer) may have removed it already.
    if ((await vmPresence(cluster.client, node, vmid, marks)) !== 'missing') throw e;
  }
  return 'ours';
}

/** Stops and deletes a VM with its disks and firewall; callers check its marks first (removeOurVm). */
export async function removeVm(vm: Vm): Promise<void> {
  const st = await vm.client.qemu.status(vm.node, vm.vmid);
  if (st.lock) await vm.client.qemu.waitUnlocked(vm.node, vm.vmid, { timeoutMs: CLONE_TIMEOUT_MS });
  if (st.status === 'running' || st.status === 'paused') await vm.client.qemu.power(vm.node, vm.vmid, 'stop');
  await vm.client.qemu.destroy(vm.node, vm.vmid, { purge: true, 'destroy-unreferenced-disks': true });
}
