import type { DeployResult } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { deployBody, expectLedgerBalanced, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { dropDatabase, freshDatabase, startHarness, type Harness } from '../../../test/harness.js';
import { freePort, serverOnce } from '../../../test/processes.js';
import { act, customerWithInstance, expectError } from '../../../test/instance-data-helpers.js';
import { instances } from './repository.js';
import type { ComputeConfig } from '../../infra/compute/config.js';
import { startEmbeddedCompute, type EmbeddedCompute } from '../../infra/compute/embedded.js';

// A VMID is not proof that a VM is ours. Two installations (staging and production)
// share one emulated cluster; each marks its VMs, refuses to start in a range holding the other's,
// and never acts on, opens a console to or deletes a VM without its own marks.

/** The embedded clusters' description with every cluster given one VMID range. */
const withRange = (config: ComputeConfig, range: [number, number]): string =>
  JSON.stringify({
    regions: config.regions.map((r) => ({ ...r, clusters: r.clusters.map((c) => ({ ...c, vmidRange: range })) })),
  });

/** Sends a request to an emulated cluster's API with the token Nimbus uses. */
async function pve(embedded: EmbeddedCompute, method: string, path: string, body: Record<string, string> = {}) {
  const c = embedded.config.regions.find((r) => r.id === 'hk')!.clusters[0]!;
  const r = await fetch(`${c.apiUrl}/api2/json${path}`, {
    method,
    headers: {
      authorization: `PVEAPIToken=${c.tokenId}=${c.tokenSecret}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: method === 'GET' ? undefined : new URLSearchParams(body).toString(),
  });
  return { status: r.status, body: (await r.json()) as { data: unknown; message?: string } };
}

describe('two installations on one cluster', () => {
  let embedded: EmbeddedCompute;
  let staging: Harness;
  let production: Harness;
  beforeAll(async () => {
    embedded = await startEmbeddedCompute(0.02);
    staging = await startHarness(
      { AUTH_RATE_LIMIT_SCALE: '50', COMPUTE_CONFIG: withRange(embedded.config, [10_000, 19_999]) },
      { compute: { shared: embedded } },
    );
  });
  afterAll(async () => {
    await production?.close();
    await staging?.close();
    await embedded?.close();
  });

  it('marks each VM with the installation and the instance; a second installation in the same range refuses to start', async () => {
    const a = await customerWithInstance(staging, 'staging-1');
    const vm = embedded.emulators.get('hk')!.vm(a.vm.vmid)!;
    expect(vm.config.description).toContain(`nimbus-installation: ${staging.ctx.compute!.installation}`);
    expect(vm.config.description).toContain(`nimbus-instance: ${a.id}`);
    expect(vm.config.tags).toContain(`nimbus-${staging.ctx.compute!.installation}`);

    // Production counting from 10000 too (its own database, the real server process): it would
    // hand staging's VMs to its customers, so it does not start.
    const databaseUrl = await freshDatabase();
    try {
      const refused = await serverOnce({
        DATABASE_URL: databaseUrl,
        COMPUTE_CONFIG: withRange(embedded.config, [10_000, 19_999]),
        PORT: String(await freePort()),
        WEB_DIST: '/nonexistent',
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `cluster hk/hk-1: VMIDs 10000-19999 hold VMs of installation ${staging.ctx.compute!.installation} (VMID ${a.vm.vmid})`,
      );
      expect(refused.stdout).not.toContain('is running at');
    } finally {
      await dropDatabase(databaseUrl);
    }
  });

  it('with disjoint ranges both run, and neither acts on, opens a console to or deletes the other’s VM', async () => {
    production = await startHarness(
      { AUTH_RATE_LIMIT_SCALE: '50', COMPUTE_CONFIG: withRange(embedded.config, [20_000, 29_999]) },
      { compute: { shared: embedded } },
    );
    expect(production.ctx.compute!.installation).not.toBe(staging.ctx.compute!.installation);
    const a = await customerWithInstance(staging, 'staging-2');
    const b = await customerWithInstance(production, 'prod-1');
    expect(b.vm.vmid).toBeGreaterThanOrEqual(20_000);
    expect(a.vm.vmid).toBeLessThan(20_000);

    // Production's record points at staging's VM (a VMID both once counted from).
    await production.db.query('update instances set vmid = $2, node = $3 where id = $1', [b.id, a.vm.vmid, a.vm.node]);
    for (const path of ['stop', 'restart', 'snapshot/add']) {
      expectError(await act(production, b.u, path, { Id: b.id, Name: 'snap1' }), 409, 'wrong_status');
    }
    expectError(
      await call(production, 'POST', '/api/instance/vnc', { ssid: b.u.ssid, body: { id: b.id } }),
      409,
      'wrong_status',
    );
    const shown = await call<{ State: string }>(production, 'GET', `/api/instance/status?id=${b.id}`, {
      ssid: b.u.ssid,
    });
    expect(shown.body.data.State).toBe('unknown');

    // Destroying production's instance gives back its records and leaves staging's VM alone.
    const d = await act(production, b.u, 'destroy', { Id: b.id, Hostname: 'prod-1' });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const t = await waitTask(production, b.u.ssid, { InstanceId: b.id, TaskId: d.body.data } as DeployResult, 30_000);
    expect(t.Status).toBe(2);
    expect((await instances.get(production.db, b.id))!.status).toBe('destroyed');
    expect(embedded.emulators.get('hk')!.vm(a.vm.vmid)).toBeDefined();
    const still = await call<{ State: string }>(staging, 'GET', `/api/instance/status?id=${a.id}`, { ssid: a.u.ssid });
    expect(still.body.data.State).toBe('running');
    const console = await call(staging, 'POST', '/api/instance/vnc', { ssid: a.u.ssid, body: { id: a.id } });
    expect(console.status, JSON.stringify(console.body)).toBe(200);
  });
});

describe('a VM at the VMID that is not the deploy’s own', () => {
  let clusters: EmbeddedCompute;
  let h: Harness;
  beforeAll(async () => {
    clusters = await startEmbeddedCompute(0.02);
    // A range of its own: the deploy below asks for its first VMID.
    h = await startHarness(
      { AUTH_RATE_LIMIT_SCALE: '50', COMPUTE_CONFIG: withRange(clusters.config, [30_000, 30_099]) },
      { compute: { shared: clusters } },
    );
  });
  afterAll(async () => {
    await h?.close();
    await clusters?.close();
  });

  it('is not adopted when the clone answers "already exists", and the failed deploy’s cleanup leaves it', async () => {
    const emu = clusters.emulators.get('hk')!;
    const u = await signUp(h);
    await topUp(h, u.userId, 10_000);
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
    const templateRows = (await h.ctx.compute!.cluster('hk/hk-1')!.client.cluster.resources('vm')).filter(
      (r) => r.template,
    );
    const clones = () =>
      templateRows.reduce((n, t) => n + emu.requestCount(`POST /nodes/${t.node}/qemu/${t.vmid}/clone`), 0);
    // The clone is held on its way in; meanwhile someone creates a VM at the VMID it asks for.
    emu.faults.add({ method: 'POST', path: /\/clone$/, kind: 'latency', latencyMs: 1500 });
    const r = await call<DeployResult>(h, 'POST', '/api/deploy', {
      ssid: u.ssid,
      body: deployBody(product.Id, templates[0]!.Id, { Hostnames: ['mine-1'] }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await expect.poll(clones, { timeout: 10_000, interval: 20 }).toBe(1);
    const state = await h.db.query<{ node: string; vmid: number }>(
      "select state->>'node' as node, (state->>'vmid')::int as vmid from tasks where id = $1",
      [r.body.data.TaskId],
    );
    expect(state.rows[0]!.vmid).toBe(30_000);
    const made = await pve(clusters, 'POST', `/nodes/${state.rows[0]!.node}/qemu`, {
      vmid: '30000',
      name: 'hand-made',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);

    expect(await waitTask(h, u.ssid, r.body.data, 30_000)).toEqual({ Status: 5, Step: 5 });
    const task = await h.db.query<{ error: string }>('select error from tasks where id = $1', [r.body.data.TaskId]);
    expect(task.rows[0]!.error).toMatch(/VMID 30000 .* holds a VM that is not this instance's/);
    // Not adopted: the deploy was given back (refunded), and the hand-made VM is still there.
    expect((await instances.get(h.db, r.body.data.InstanceId))!.status).toBe('cancelled');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(10_000);
    expect(emu.vm(30_000)?.config.name).toBe('hand-made');
  });
});
