import { UPGRADE_STEP } from '@nimbus/contract';
import { diskSize, GIB } from '@nimbus/proxmox';
import { withTx, type Tx } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { invoices, billing } from '../billing/index.js';
import { line, post } from '../users/index.js';
import { catalog } from '../catalog/index.js';
import { renewals } from '../renewals/index.js';
import { tasks, type TaskRow } from '../../infra/tasks/repository.js';
import { attempt } from '../../infra/tasks/steps.js';
import { durable, powerState, sendOnce, type BaseState, type Run, type Settle } from './durable.js';
import { instances, type InstanceRow } from './repository.js';

/** The checkpoints of an upgrade task (tasks.state). */
export interface UpgradeState extends BaseState {
  productId: number;
  oldProductId: number;
  /** The new renewal price. */
  price: number;
  cores: number;
  memoryMb: number;
  diskGb: number;
  old: { cores: number; memoryMb: number };
  charged: number;
  invoiceId: number;
  /** Unpaid renewal invoices re-priced for the new size, with the amount each had. */
  repriced: { id: number; amount: number }[];
  /** The new cores and memory were sent to Proxmox (they can be put back). */
  configSent?: boolean;
  /** The disk resize was sent: from here the upgrade may have become irreversible. */
  diskSent?: boolean;
  /** After a failure: the disk had grown all the same, so the upgrade counts as done. */
  grown?: boolean;
  /** After a failure: the old cores and memory are back, so nothing of the upgrade remains. */
  reverted?: boolean;
  /** The instance is on the new product (the point of no return was passed). */
  applied?: boolean;
  rebootUpid?: string;
}

/** The VM's disk in bytes as Proxmox reports it, whatever the unit (0 when it reports none). */
async function diskBytes(run: Run<UpgradeState>): Promise<number> {
  const { client, node, vmid } = run.vm;
  return diskSize(String((await client.qemu.config(node, vmid)).values.scsi0 ?? '')) ?? 0;
}

/** The point of no return: the instance is on the new product and price, the old size's stock back. */
async function applyUpgrade(tx: Tx, task: TaskRow, instance: InstanceRow, s: UpgradeState): Promise<void> {
  await instances.setPlan(tx, instance.id, s.productId, s.price);
  await catalog.returnStock(tx, s.oldProductId);
  await tasks.progress(tx, task.id, { step: UPGRADE_STEP.applied, state: { applied: true } });
}

/**
 * An upgrade of which nothing remains: the charge refunded with the invoice's cancellation (an
 * operator may have refunded it already), each re-priced renewal back to its amount (or, paid at
 * the new price meanwhile, the difference refunded), the stock returned. The renewal invoices are
 * locked first, in the order a payment takes them.
 */
async function refundUpgrade(tx: Tx, instance: InstanceRow, s: UpgradeState): Promise<void> {
  const renewalRows = [];
  for (const r of s.repriced) renewalRows.push({ ...r, row: await billing.lock(tx, r.id) });
  if ((await invoices.cancelPaid(tx, s.invoiceId)) && s.charged > 0) {
    await post(
      tx,
      instance.user_id,
      'refund',
      s.charged,
      line('upgrade_refund', { hostname: instance.hostname, instance: instance.id }),
    );
  }
  for (const r of renewalRows) {
    if (r.row?.status === 'unpaid') await renewals.reprice(tx, r.id, instance.id, s.oldProductId, r.amount);
    else if (r.row?.status === 'paid' && r.row.amount > r.amount)
      await post(
        tx,
        instance.user_id,
        'refund',
        r.row.amount - r.amount,
        line('upgrade_renewal_refund', { invoice: r.id, hostname: instance.hostname, instance: instance.id }),
      );
  }
  await catalog.returnStock(tx, s.productId);
}

/** The VM takes the new size: cores and memory (which can be put back), then the disk (which cannot). */
async function resize(run: Run<UpgradeState>): Promise<void> {
  const { client, node, vmid } = run.vm;
  const s = run.state;
  await run.save({ configSent: true }, UPGRADE_STEP.resizing);
  await attempt(run.signal, () => client.qemu.updateConfig(node, vmid, { cores: s.cores, memory: s.memoryMb }));
  if ((await attempt(run.signal, () => diskBytes(run))) < s.diskGb * GIB) {
    await run.save({ diskSent: true });
    await attempt(run.signal, () => client.qemu.resize(node, vmid, 'scsi0', `${s.diskGb}G`));
  }
}

/**
 * Reboots a running VM whose new cores or memory wait for it; answers whether the instance still
 * waits for a restart: the reboot failed (a guest can ignore ACPI on purpose) or a paused VM holds them.
 */
async function applyPending(run: Run<UpgradeState>): Promise<boolean> {
  const { client, node, vmid } = run.vm;
  const s = run.state;
  try {
    const st = await client.qemu.status(node, vmid, run.signal);
    const live = (await client.qemu.config(node, vmid, { current: true })).values;
    const pending = Number(live.cores) !== s.cores || Number(live.memory) !== s.memoryMb;
    if (!s.rebootUpid && (!pending || powerState(st) !== 'running')) return pending;
    await sendOnce(run, 'rebootUpid', (opts) => client.qemu.power(node, vmid, 'reboot', {}, opts));
    return false;
  } catch (e) {
    if (run.signal.aborted) throw e;
    run.ctx.log.warn(
      { err: e, instance: run.instance.id },
      'the reboot after an upgrade failed; it waits for a restart',
    );
    return true;
  }
}

/**
 * The upgrade task. Nothing irreversible happens before the point of no return: the new cores and
 * memory first (put back if anything fails), then the disk; once the disk has grown (or did not
 * need to) the instance is on the new product and renewal price, whatever happens next. The
 * reboot that applies cores and memory comes after: if it fails, the task still ends OK and the
 * instance waits for a restart, which its page offers. A failure before the point of no return
 * puts the old cores and memory back and refunds everything; one whose outcome Proxmox would not
 * tell (a lost resize answer, a task out of attempts) counts as applied, never as free.
 */
export function upgradeHandler(ctx: Context) {
  return durable<UpgradeState>(
    ctx,
    async (run) => {
      if (!run.state.applied) {
        await resize(run);
        await withTx(ctx.db, (tx) => applyUpgrade(tx, run.task, run.instance, run.state));
        run.state.applied = true;
      }
      const waits = await applyPending(run);
      await run.succeed(waits ? UPGRADE_STEP.needsRestart : UPGRADE_STEP.done, (tx) =>
        instances.setNeedsRestart(tx, run.instance.id, waits),
      );
    },
    {
      undo: async (run) => {
        const s = run.state;
        if (s.applied || s.grown || s.reverted || !s.configSent) return;
        if (s.diskSent && (await attempt(run.signal, () => diskBytes(run))) >= s.diskGb * GIB) {
          await run.save({ grown: true });
          return;
        }
        const { client, node, vmid } = run.vm;
        await attempt(run.signal, () =>
          client.qemu.updateConfig(node, vmid, { cores: s.old.cores, memory: s.old.memoryMb }),
        );
        await run.save({ reverted: true });
      },
      giveBack: async ({ ctx: c, task, instance, state: s, abandoned }: Settle<UpgradeState>, tx) => {
        if (s.applied || s.grown || (s.configSent && !s.reverted)) {
          if (!s.applied) await applyUpgrade(tx, task, instance, s);
          await instances.setNeedsRestart(tx, instance.id, true);
          if (abandoned)
            c.log.error(
              { instance: instance.id, task: task.id },
              'upgrade counted as applied without word from Proxmox',
            );
          return { ok: UPGRADE_STEP.needsRestart };
        }
        await refundUpgrade(tx, instance, s);
      },
    },
  );
}
