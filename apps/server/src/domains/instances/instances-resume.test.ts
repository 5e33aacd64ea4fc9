import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { tasks } from '../../infra/tasks/repository.js';
import { removeVm } from './vm.js';
import { startAction } from './actions.js';
import { customer, deployed, rowOf, vmOf } from '../../../test/action-test-kit.js';
import type { RecreateState } from './recreate.js';

// A task whose worker died resumes from its checkpoints: these start tasks whose state is what a
// dead worker left behind, and check that the new run does not repeat what was done.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
});
afterAll(() => h.close());

const jp = () => h.emulators.get('jp')!;

describe('resuming lifecycle tasks', () => {
  it('waits for a power call already sent instead of sending it again', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    const cluster = h.ctx.compute!.cluster(row.cluster)!;
    // The dead worker had sent the shutdown and recorded its UPID.
    let upid = '';
    await cluster.client.qemu.power(row.node!, row.vmid!, 'shutdown', {}, { onUpid: (u2) => (upid = u2) });
    const taskId = await startAction(h.ctx, {
      userId: u.userId,
      instanceId: id,
      kind: 'stop',
      state: { action: 'shutdown', upid },
    });
    expect(await waitTask(h, u.ssid, { InstanceId: id, TaskId: taskId })).toMatchObject({ Status: 2 });
    const shutdowns = jp()
      .taskTimes()
      .filter((t) => t.type === 'qmshutdown' && t.vmid === row.vmid);
    expect(shutdowns).toHaveLength(1);
    expect(vmOf(h, row).status).toBe('stopped');
  });

  it('runs a queued task whose job went with a worker that died before beginning it', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    // What a SIGKILLed worker leaves: the task queued, its job taken (pg-boss keeps it active for
    // hours), nothing begun. No job is sent here; only the sweep can find the task.
    const task = await tasks.create(h.db, {
      instanceId: id,
      userId: u.userId,
      kind: 'stop',
      state: { action: 'shutdown' },
    });
    await h.db.query(`update tasks set updated_at = now() - interval '61 seconds' where id = $1`, [task.id]);
    expect(await waitTask(h, u.ssid, { InstanceId: id, TaskId: task.id })).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).status).toBe('stopped');
  });

  it('does not remove the VM again once its removal was checkpointed', async () => {
    const u = await customer(h);
    const { id, row, templates } = await deployed(h, u);
    const product = (await h.db.query('select * from products where id = $1', [row.product_id])).rows[0];
    const cluster = h.ctx.compute!.cluster(row.cluster)!;
    // The dead worker removed the old VM and checkpointed it; nothing more.
    await removeVm({ client: cluster.client, node: row.node!, vmid: row.vmid! });
    const ubuntu = templates.find((t) => /Ubuntu/.test(t.Name))!;
    const state: RecreateState = {
      image: 'ubuntu-24.04',
      imageId: ubuntu.Id,
      username: 'ada',
      password: 'resumed pass 1',
      start: true,
      cores: product.cores,
      memoryMb: product.memory_mb,
      diskGb: product.disk_gb,
      sshKeys: [],
      nameservers: [],
      charged: 0,
      node: row.node!,
      vmid: row.vmid!,
      removed: true,
    };
    await h.db.query(`update instances set status = 'recreating' where id = $1`, [id]);
    const taskId = await startAction<RecreateState>(h.ctx, {
      userId: u.userId,
      instanceId: id,
      kind: 'recreate',
      allowed: ['recreating'],
      state,
    });
    expect(await waitTask(h, u.ssid, { InstanceId: id, TaskId: taskId }, 30_000)).toEqual({ Status: 2, Step: 4 });
    const destroys = jp()
      .taskTimes()
      .filter((t) => t.type === 'qmdestroy' && t.vmid === row.vmid);
    expect(destroys).toHaveLength(1);
    expect(vmOf(h, row).osPrettyName).toMatch(/Ubuntu/);
    expect(jp().guestLogin(row.vmid!, 'ada', 'resumed pass 1')).toBe(true);
    expect((await rowOf(h, id)).status).toBe('available');
  });
});
