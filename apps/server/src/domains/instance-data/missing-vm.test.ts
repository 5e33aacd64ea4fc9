import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { customerWithInstance, expectError } from '../../../test/instance-data-helpers.js';
import { removeVm } from '../instances/index.js';

// A VM deleted on the cluster behind Nimbus's back (by hand, or by another tool) made
// the firewall and snapshot routes answer 500. Every instance route now answers it the same way.

let h: Harness;
let c: Awaited<ReturnType<typeof customerWithInstance>>;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
  c = await customerWithInstance(h, 'gone-1');
  // The VM disappears from the emulated cluster; our records still say the instance is available.
  await removeVm(c.vm);
  expect(await c.vm.client.cluster.isVmidFree(c.vm.vmid)).toBe(true);
});
afterAll(() => h.close());

describe('an instance whose VM is gone from the cluster', () => {
  const actions: [string, Record<string, unknown>][] = [
    ['firewall/rule/add', { Direction: 'in', Policy: 'ACCEPT', Protocol: 'tcp', DestinationPort: '22' }],
    ['firewall/rule/set', { Pos: 0, Direction: 'in', Policy: 'ACCEPT' }],
    ['firewall/rule/del', { Pos: 0 }],
    ['firewall/rule/enable', { Pos: 0 }],
    ['firewall/rule/disable', { Pos: 0 }],
    ['firewall/set', { Enabled: true, PolicyIn: 'DROP', PolicyOut: 'ACCEPT' }],
    ['snapshot/add', { Name: 'before' }],
    ['snapshot/restore', { Name: 'before' }],
    ['snapshot/del', { Name: 'before' }],
    ['backup/add', { Name: 'nightly' }],
    ['backup/restore', { BackupId: 1 }],
    ['start', {}],
    ['stop', {}],
    ['restart', {}],
    ['pause', {}],
    ['resume', {}],
    ['password', { Password: 'a-long-new-password-1' }],
    ['network', { Hostname: 'gone-2' }],
  ];

  it.each(actions)('POST api/instance/%s is 409 wrong_status, not 500', async (path, body) => {
    const r = await call(h, 'POST', `/api/instance/${path}`, { ssid: c.u.ssid, body: { Id: c.id, ...body } });
    expectError(r, 409, 'wrong_status');
  });

  it.each(['vnc', 'xterm'])('POST api/instance/%s is 409 wrong_status', async (kind) => {
    const r = await call(h, 'POST', `/api/instance/${kind}`, { ssid: c.u.ssid, body: { id: c.id } });
    expectError(r, 409, 'wrong_status');
  });

  it.each(['firewall/rules', 'snapshots'])('GET api/instance/%s is 409 wrong_status', async (path) => {
    const r = await call(h, 'GET', `/api/instance/${path}?id=${c.id}`, { ssid: c.u.ssid });
    expectError(r, 409, 'wrong_status');
  });

  it('the reads that show no VM still answer, with an unknown state and no history', async () => {
    for (const path of ['', '/get', '/backups', '/rrd', '/agent/osinfo', '/upgrades']) {
      const r = await call(h, 'GET', `/api/instance${path}?id=${c.id}`, { ssid: c.u.ssid });
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    }
    const s = await call<{ State: string }>(h, 'GET', `/api/instance/status?id=${c.id}`, { ssid: c.u.ssid });
    expect(s.status).toBe(200);
    expect(s.body.data.State).toBe('unknown');
  });
});
