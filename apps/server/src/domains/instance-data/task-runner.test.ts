import type { DeployResult, InstanceDetail } from '@nimbus/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { deployBody, expectLedgerBalanced, pick, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { loadConfig } from '../../infra/config/env.js';
import { BACKUP_TIMEOUT_MS } from './backups.js';
import { customer, deployed, done, rowOf, vmOf } from '../../../test/action-test-kit.js';
import { TASK_QUEUE } from '../../infra/tasks/runner.js';

// Tasks are retried a bounded number of times with a doubling pause, and one run is cut at the run
// limit; this harness makes both short (3 attempts, 1 s, a 5 s run) so the tests see them.

let h: Harness;
beforeAll(async () => {
  h = await startHarness(
    { AUTH_RATE_LIMIT_SCALE: '50', TASK_MAX_ATTEMPTS: '3', TASK_RETRY_SECONDS: '1', TASK_RUN_LIMIT: '5' },
    { compute: {} },
  );
});
afterEach(() => {
  for (const e of h.emulators.values()) e.faults.clear();
});
afterAll(() => h.close());

const jp = () => h.emulators.get('jp')!;

describe('a task that cannot run', () => {
  it('is failed after its last attempt: the deploy refunded, its address and VMID released, the page told', async () => {
    const u = await customer(h);
    const before = await expectLedgerBalanced(h, u.userId);
    // The node the VM was placed on stops answering for it, for good.
    jp().faults.add({
      kind: 'http-500',
      path: /\/qemu\/\d+\/status\/current$/,
      times: Infinity,
      message: "hostname lookup 'pve1' failed - failed to get address info",
    });
    const { product, templates } = await pick(h, u.ssid, 'Tokyo', 'Standard', '1 vCPU · 1 GB');
    const r = await call<DeployResult>(h, 'POST', '/api/deploy', {
      ssid: u.ssid,
      body: deployBody(product.Id, templates[0]!.Id),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await waitTask(h, u.ssid, r.body.data, 60_000)).toEqual({ Status: 5, Step: 5 });

    const id = r.body.data.InstanceId;
    expect(await expectLedgerBalanced(h, u.userId)).toBe(before);
    expect(await rowOf(h, id)).toMatchObject({ status: 'cancelled', vmid: null });
    const held = await h.db.query('select 1 from ip_allocations where instance_id = $1', [id]);
    expect(held.rowCount).toBe(0);
    const task = await h.db.query('select attempts from tasks where id = $1', [r.body.data.TaskId]);
    expect(task.rows[0].attempts).toBe(3);
    const detail = await call<InstanceDetail>(h, 'GET', `/api/instance/get?id=${id}`, { ssid: u.ssid });
    expect(detail.body.data).toMatchObject({ Status: 'cancelled', LastFailure: { Kind: 'deploy' } });
  });
});

describe('a long run', () => {
  it('is cut at the run limit and resumed from its checkpoint, never sending its Proxmox call twice', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    // Proxmox answers the first look at the stop's progress only after the run limit.
    jp().faults.add({ kind: 'latency', method: 'GET', path: /\/tasks\/[^/]+\/status$/, latencyMs: 8_000 });
    expect(await done(h, u, 'stop', { Id: id, Force: true })).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).status).toBe('stopped');
    const stops = jp()
      .taskTimes()
      .filter((t) => t.type === 'qmstop' && t.vmid === row.vmid);
    expect(stops).toHaveLength(1);
    const task = await h.db.query(`select attempts from tasks where instance_id = $1 and kind = 'stop'`, [id]);
    expect(task.rows[0].attempts).toBe(2);
  });

  it('ends before the job queue would give up on it, so a worker never runs more jobs than its concurrency', async () => {
    const { rows } = await h.db.query<{ expire_seconds: number }>(
      'select expire_seconds from pgboss.queue where name = $1',
      [TASK_QUEUE],
    );
    expect(rows[0]!.expire_seconds).toBeGreaterThan(h.ctx.config.TASK_RUN_LIMIT);
    // By default a run may last longer than the longest wait of any task (a backup or restore).
    const defaults = loadConfig({});
    expect(defaults.TASK_RUN_LIMIT * 1000).toBeGreaterThan(BACKUP_TIMEOUT_MS);
  });
});
