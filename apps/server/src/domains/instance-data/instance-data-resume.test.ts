import type { BackupList, DeployResult } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { customerWithInstance } from '../../../test/instance-data-helpers.js';
import { TASK_QUEUE } from '../../infra/tasks/runner.js';
import { tasks } from '../../infra/tasks/repository.js';
import { backups } from './backups-repository.js';

// A worker can die after Proxmox accepted a change and before it wrote down that it did. These
// tests hand such a task, with its last checkpoints, to a live worker, which must finish it
// without making the change twice.

let h: Harness;
let c: Awaited<ReturnType<typeof customerWithInstance>>;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
  c = await customerWithInstance(h, 'resume-1');
});
afterAll(() => h.close());

/** Queues a task as if its first worker had died with these checkpoints, and waits for it to end. */
async function resume(kind: string, state: object) {
  const t = await tasks.create(h.db, { instanceId: c.id, userId: c.u.userId, kind, state });
  await tasks.progress(h.db, t.id, { status: 1 });
  await h.ctx.jobs!.send(h.db, TASK_QUEUE, { taskId: t.id });
  h.ctx.jobs!.wake(TASK_QUEUE);
  return waitTask(h, c.u.ssid, { InstanceId: c.id, TaskId: t.id } as DeployResult, 30_000);
}

describe('resumed tasks', () => {
  it('a firewall rule added before the crash is not added again', async () => {
    const fw = c.vm.client.firewall;
    const { digest } = await fw.getOptions(c.vm.node, c.vm.vmid);
    const rule = { type: 'in' as const, action: 'ACCEPT', proto: 'tcp', dport: '22', enable: true };
    await fw.createRule(c.vm.node, c.vm.vmid, { ...rule, pos: 0, digest });
    expect((await resume('firewall', { op: 'add', pos: 0, rule, digest })).Status).toBe(2);
    expect(await fw.listRules(c.vm.node, c.vm.vmid)).toHaveLength(1);
  });

  it('a vzdump sent before the crash is waited for, not sent again', async () => {
    const storage = h.ctx.compute!.cluster(c.row.cluster)!.config.backupStorage;
    const row = await backups.create(h.db, { instanceId: c.id, userId: c.u.userId, name: 'lost', description: '' });
    const at = Math.floor(Date.now() / 1000) - 5;
    // The first worker's request reached Proxmox; its answer (the UPID) was never saved.
    await c.vm.client.backups.vzdump(c.vm.node, c.vm.vmid, { storage, mode: 'snapshot' });
    expect((await resume('backup_add', { backupId: row.id, dump: { at } })).Status).toBe(2);
    const archives = await c.vm.client.backups.listContent(c.vm.node, storage, { vmid: c.vm.vmid });
    expect(archives).toHaveLength(1);
    const r = await call<BackupList>(h, 'GET', `/api/instance/backups?id=${c.id}`, { ssid: c.u.ssid });
    expect(r.body.data.Items).toEqual([
      expect.objectContaining({ Name: 'lost', Status: 'ready', Size: archives[0]!.size }),
    ]);
    expect((await backups.get(h.db, row.id))!.volid).toBe(archives[0]!.volid);
  });

  it('a snapshot taken before the crash ends the task without another', async () => {
    await c.vm.client.snapshots.create(c.vm.node, c.vm.vmid, 'early');
    expect((await resume('snapshot_add', { name: 'early' })).Status).toBe(2);
    expect((await c.vm.client.snapshots.list(c.vm.node, c.vm.vmid)).map((s) => s.name)).toEqual(['early']);
  });
});
