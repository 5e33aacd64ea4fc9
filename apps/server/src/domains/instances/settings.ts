import { PASSWORD_STEP, type AutoRenewResult } from '@nimbus/contract';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { tasks } from '../../infra/tasks/repository.js';
import { attempt } from '../../infra/tasks/steps.js';
import { startAction } from './actions.js';
import { durable, powerState, type BaseState } from './durable.js';
import { liveInstance } from './power.js';
import { instances } from './repository.js';

interface PasswordState extends BaseState {
  password?: string;
}

/** POST api/instance/password: the login user's new password (see `passwordHandler`). */
export async function startPassword(ctx: Context, userId: number, id: number, password: string): Promise<number> {
  await liveInstance(ctx, userId, id);
  return startAction<PasswordState>(ctx, { userId, instanceId: id, kind: 'password', state: { password } });
}

/**
 * Sets the password in cloud-init (so the next boot keeps it, also after a later cloud-init
 * change) and, when the VM runs and its guest agent answers, inside the guest at once. The task
 * ends in step PASSWORD_STEP.agent when the password works now, PASSWORD_STEP.cloudInit when it
 * takes effect at the next boot. The password leaves the task's state as soon as it is set.
 */
export function passwordHandler(ctx: Context) {
  return durable<PasswordState>(
    ctx,
    async (run) => {
      const { client, node, vmid } = run.vm;
      const password = run.state.password;
      const user = run.instance.username;
      await run.save({}, 1);
      let live = false;
      if (password) {
        await attempt(run.signal, () => client.qemu.setConfig(node, vmid, { ciuser: user, cipassword: password }));
        const st = await client.qemu.status(node, vmid, run.signal);
        if (powerState(st) === 'running' && (await client.agent.ping(node, vmid))) {
          live = await client.agent.setUserPassword(node, vmid, user, password).then(
            () => true,
            (err: unknown) => {
              ctx.log.warn({ err, instance: run.instance.id }, 'guest agent refused the password; it applies at boot');
              return false;
            },
          );
        }
      }
      await run.save({ password: null });
      await run.succeed(live ? PASSWORD_STEP.agent : PASSWORD_STEP.cloudInit);
    },
    {
      giveBack: async (run, tx) => {
        await tasks.dropPassword(tx, run.task.id);
      },
    },
  );
}

interface NetworkState extends BaseState {
  hostname: string;
  reverseDns: string;
}

/** POST api/instance/network: a new hostname (the VM's name, which cloud-init uses) and reverse DNS. */
export async function startNetwork(
  ctx: Context,
  userId: number,
  id: number,
  hostname: string,
  reverseDns: string,
): Promise<number> {
  await liveInstance(ctx, userId, id);
  return startAction<NetworkState>(ctx, {
    userId,
    instanceId: id,
    kind: 'network',
    state: { hostname, reverseDns },
  });
}

/** Renames the VM (cloud-init sets the guest's hostname from it at the next boot), then stores both names. */
export function networkHandler(ctx: Context) {
  return durable<NetworkState>(ctx, async (run) => {
    const { client, node, vmid } = run.vm;
    await run.save({}, 1);
    await attempt(run.signal, () => client.qemu.setConfig(node, vmid, { name: run.state.hostname }));
    await run.succeed(2, async (tx) => {
      await instances.setNetwork(tx, run.instance.id, run.state.hostname, run.state.reverseDns || null);
    });
  });
}

/** POST api/instance/autorenew: stored at once (no Proxmox call); a destroyed or cancelled instance refuses. */
export async function setAutoRenew(ctx: Context, userId: number, id: number, on: boolean): Promise<AutoRenewResult> {
  const instance = await instances.owned(ctx.db, userId, id);
  if (!instance) throw instanceNotFound();
  if (['destroyed', 'cancelled'].includes(instance.status)) throw new AppError('wrong_status', 409);
  await instances.setAutoRenew(ctx.db, userId, id, on);
  return { AutoRenew: on };
}
