import { DEPLOY_STEP, TASK_STATUS } from '@nimbus/contract';
import { buildIpConfig, buildNet, parseNet } from '@nimbus/proxmox';
import { withTx } from '../../infra/db/pool.js';
import { attempt, type Patch } from '../../infra/tasks/steps.js';
import type { Context } from '../../infra/lib/context.js';
import { invoices } from '../billing/invoices.js';
import { catalog } from '../catalog/repository.js';
import { instances, type InstanceRow } from '../instances/repository.js';
import { promotions } from '../promotions/repository.js';
import { tasks, type TaskRow } from '../../infra/tasks/repository.js';
import type { TaskHandler } from '../../infra/tasks/runner.js';
import { post } from '../users/ledger.js';
import { releaseAddress } from '../instances/allocate.js';
import { ensureVm, removeOurVm, type Vm } from '../instances/vm.js';
import { line } from '../users/lines.js';
import type { ClusterHandle } from '../../infra/compute/compute.js';
import { withInstallationTag } from '../../infra/compute/marks.js';

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

/**
 * The deploy task (docs/product/deploy.md#the-deploy-task): cloning → configuring → firewall →
 * starting → OK, or the error step with the charge refunded, the address returned and no VM left in
 * Proxmox. Each step records its checkpoint first, so a worker that dies anywhere is resumed by
 * another without repeating what finished: the clone is only sent when the VM does not exist,
 * configuration is idempotent.
 */
export function deployHandler(ctx: Context): TaskHandler {
  const handler: TaskHandler = async (task, signal) => {
    const state = task.state as unknown as DeployState;
    // Checkpoints are written first, then applied to the one state object every step reads.
    const save = async (patch: Patch<DeployState>, step?: number) => {
      await tasks.progress(ctx.db, task.id, { step, state: patch });
      for (const [k, v] of Object.entries(patch)) {
        if (v === null) delete (state as unknown as Record<string, unknown>)[k];
        else Object.assign(state, { [k]: v });
      }
    };
    const instance = (await instances.get(ctx.db, task.instance_id))!;
    const cluster = ctx.compute?.cluster(instance.cluster);
    if (!cluster) throw new Error(`no compute cluster ${instance.cluster}`);
    const vm = (): Vm => ({ client: cluster.client, node: state.node!, vmid: state.vmid! });
    if (!state.failure) {
      try {
        if (task.step <= DEPLOY_STEP.cloning) {
          await save({}, DEPLOY_STEP.cloning);
          await attempt(signal, async () => {
            const placed = await ensureVm(ctx, cluster, instance, state, save, signal);
            await instances.place(ctx.db, instance.id, placed);
          });
        }
        if (task.step <= DEPLOY_STEP.configuring) {
          await save({}, DEPLOY_STEP.configuring);
          const mac = await attempt(signal, () => configure(vm(), instance, state, cluster));
          if (mac) await instances.place(ctx.db, instance.id, { mac });
          await save({ password: null });
        }
        if (task.step <= DEPLOY_STEP.firewall) {
          await save({}, DEPLOY_STEP.firewall);
          await attempt(signal, () => firewall(vm(), instance));
        }
        await save({}, DEPLOY_STEP.starting);
        await attempt(signal, async () => {
          const st = await cluster.client.qemu.status(state.node!, state.vmid!);
          if (state.start !== false && st.status !== 'running') {
            await cluster.client.qemu.power(state.node!, state.vmid!, 'start');
          }
        });
        await withTx(ctx.db, async (tx) => {
          await instances.setStatus(tx, instance.id, 'available');
          await promotions.confirmUse(tx, instance.id);
          await tasks.finish(tx, task.id, { status: TASK_STATUS.ok, step: DEPLOY_STEP.starting });
        });
        ctx.log.info({ instance: instance.id, vmid: state.vmid }, 'instance deployed');
        return;
      } catch (e) {
        if (signal.aborted) throw e;
        ctx.log.warn({ err: e, instance: instance.id, task: task.id }, 'deploy failed; giving back');
        await save({ failure: e instanceof Error ? e.message : String(e), password: null });
      }
    }
    await giveBack(ctx, task, instance, state, signal);
  };
  // Out of attempts (its cluster unreachable or gone): given back from our records alone.
  handler.abandon = async (task, reason) => {
    const instance = (await instances.get(ctx.db, task.instance_id))!;
    const state = task.state as unknown as DeployState;
    if (state.vmid)
      ctx.log.error(
        { instance: instance.id, cluster: instance.cluster, node: state.node, vmid: state.vmid },
        'deploy abandoned: its VM, if Proxmox made it, is left for the operator to remove',
      );
    await giveBackRecords(ctx, task, instance, { ...state, failure: state.failure ?? reason });
  };
  return handler;
}

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

/**
 * A failed deploy: the VM is removed (only if it carries this instance's marks: a VM another
 * installation or a person made at the VMID is left alone), then the charge, stock, address and
 * promotion are given back.
 */
async function giveBack(
  ctx: Context,
  task: TaskRow,
  instance: InstanceRow,
  state: DeployState,
  signal: AbortSignal,
): Promise<void> {
  const cluster = ctx.compute?.cluster(instance.cluster);
  if (cluster && state.node && state.vmid) {
    const found = await attempt(signal, () => removeOurVm(cluster, state.node!, state.vmid!, instance.id), 5);
    if (found === 'foreign')
      ctx.log.warn(
        { instance: instance.id, cluster: instance.cluster, vmid: state.vmid },
        "a failed deploy left alone the VM at its VMID: it does not carry this instance's marks",
      );
  }
  await giveBackRecords(ctx, task, instance, state);
}

/** The charge, stock, address, VMID and promotion of a failed deploy given back; the task ends in error. */
async function giveBackRecords(ctx: Context, task: TaskRow, instance: InstanceRow, state: DeployState): Promise<void> {
  await withTx(ctx.db, async (tx) => {
    const current = await tasks.get(tx, task.id);
    if (!current || current.status >= TASK_STATUS.ok) return;
    // Refunded only with the invoice's cancellation: an operator may have refunded it already.
    if ((await invoices.cancelForInstance(tx, instance.id)) && state.charged > 0)
      await post(
        tx,
        instance.user_id,
        'refund',
        state.charged,
        line('deploy_refund', { hostname: instance.hostname, instance: instance.id }),
      );
    await catalog.returnStock(tx, instance.product_id);
    await releaseAddress(tx, instance.id);
    await instances.releasePlacement(tx, instance.id);
    await promotions.releaseUse(tx, instance.id);
    await instances.setStatus(tx, instance.id, 'cancelled');
    await tasks.finish(tx, task.id, {
      status: TASK_STATUS.error,
      step: DEPLOY_STEP.error,
      error: state.failure ?? null,
    });
  });
}
