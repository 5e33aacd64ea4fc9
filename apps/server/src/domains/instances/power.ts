import type { ActionKind } from '@nimbus/contract';
import type { PowerAction } from '@nimbus/proxmox';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { assertVmOurs } from './vm.js';
import { assertActionable, startAction } from './actions.js';
import { durable, powerState, sendOnce, type BaseState, type PowerState } from './durable.js';
import { instances, type InstanceRow } from './repository.js';

export type PowerKind = Extract<ActionKind, 'start' | 'stop' | 'restart' | 'pause' | 'resume'>;

/** The power states each action may start from (stop: a forced stop also powers off a paused VM). */
const FROM: Record<PowerKind, (force: boolean) => readonly PowerState[]> = {
  start: () => ['stopped'],
  stop: (force) => (force ? ['running', 'paused'] : ['running']),
  restart: () => ['running'],
  pause: () => ['running'],
  resume: () => ['paused'],
};

/** The power state each action leaves the VM in (restart: running again). */
const TO: Record<PowerKind, PowerState> = {
  start: 'running',
  stop: 'stopped',
  restart: 'running',
  pause: 'paused',
  resume: 'running',
};

/**
 * One of the caller's instances whose VM exists, with its power state read from Proxmox: another
 * customer's id is 404; an instance without a live VM (creating, recreating, destroyed…) is 409.
 */
export async function liveInstance(
  ctx: Context,
  userId: number,
  id: number,
): Promise<{ instance: InstanceRow; power: PowerState }> {
  const instance = await instances.owned(ctx.db, userId, id);
  if (!instance) throw instanceNotFound();
  assertActionable(instance);
  const cluster = ctx.compute?.cluster(instance.cluster);
  if (!cluster || !instance.node || !instance.vmid) throw new AppError('get_instance_error', 503);
  try {
    await assertVmOurs(cluster, instance.node, instance.vmid, instance.id);
    const st = await cluster.client.qemu.status(instance.node, instance.vmid);
    // A VM still locked by another operation (a backup, a migration) takes no power action.
    if (st.lock) throw new AppError('wrong_status', 409);
    return { instance, power: powerState(st) };
  } catch (e) {
    if (e instanceof AppError) throw e;
    ctx.log.warn({ err: e, instance: id }, 'reading the VM state failed');
    throw new AppError('get_instance_error', 503);
  }
}

interface PowerTaskState extends BaseState {
  action: PowerAction;
  upid?: string;
}

/** Starts a power action after checking that the VM's current state allows it. */
export async function startPower(
  ctx: Context,
  userId: number,
  kind: PowerKind,
  id: number,
  force = false,
): Promise<number> {
  const { power } = await liveInstance(ctx, userId, id);
  if (!FROM[kind](force).includes(power)) throw new AppError('wrong_status', 409);
  const action: PowerAction =
    kind === 'stop'
      ? force
        ? 'stop'
        : 'shutdown'
      : kind === 'restart'
        ? 'reboot'
        : kind === 'pause'
          ? 'suspend'
          : kind;
  return startAction<PowerTaskState>(ctx, { userId, instanceId: id, kind, state: { action } });
}

/**
 * Runs a power action: the Proxmox call is sent once (a recorded UPID is waited for instead), and
 * the instance's status follows the VM: paused after pause, available otherwise.
 */
export function powerHandler(ctx: Context, kind: PowerKind) {
  return durable<PowerTaskState>(ctx, async (run) => {
    const { client, node, vmid } = run.vm;
    await run.save({}, 1);
    const target = TO[kind];
    await sendOnce(
      run,
      'upid',
      (opts) =>
        client.qemu.power(node, vmid, run.state.action, run.state.action === 'shutdown' ? { forceStop: 1 } : {}, {
          ...opts,
          timeoutMs: 10 * 60_000,
        }),
      // A reboot leaves the VM where it started, so only a recorded UPID proves it was sent.
      kind === 'restart' ? undefined : (st) => powerState(st) === target,
    );
    await run.succeed(2, async (tx) => {
      await instances.setStatus(tx, run.instance.id, target === 'paused' ? 'paused' : 'available');
      // A VM that booted (start, or a restart's cold boot) runs with what an upgrade left pending.
      if (kind === 'start' || kind === 'restart') await instances.setNeedsRestart(tx, run.instance.id, false);
    });
  });
}
