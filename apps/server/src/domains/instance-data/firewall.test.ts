import { FIREWALL_RULES_MAX, type FirewallState } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import {
  act,
  customerWithInstance,
  done,
  expectError,
  whileBusy,
  whileStatus,
  type Customer,
} from '../../../test/instance-data-helpers.js';

let h: Harness;
let c: Awaited<ReturnType<typeof customerWithInstance>>;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
  c = await customerWithInstance(h, 'fw-1');
});
afterAll(() => h.close());

const state = async (u: Customer, id: number) => {
  const r = await call<FirewallState>(h, 'GET', `/api/instance/firewall/rules?id=${id}`, { ssid: u.ssid });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const ssh = { Direction: 'in', Policy: 'ACCEPT', Protocol: 'tcp', DestinationPort: '22', Comment: 'ssh' };

describe('firewall', () => {
  it('shows the firewall the deploy set up: on, accepting, no rules', async () => {
    expect(await state(c.u, c.id)).toEqual({ Enabled: true, PolicyIn: 'ACCEPT', PolicyOut: 'ACCEPT', Rules: [] });
  });

  it('adds, changes, disables, enables and deletes rules in Proxmox', async () => {
    const fw = c.vm.client.firewall;
    expect(await done(h, c.u, c.id, 'firewall/rule/add', ssh)).toBe(2);
    const web = { Direction: 'in', Policy: 'DROP', Protocol: 'udp', Source: '192.0.2.0/24', DestinationPort: '80,443' };
    expect(await done(h, c.u, c.id, 'firewall/rule/add', web)).toBe(2);
    // Appended in order, enabled unless told otherwise.
    let rules = await fw.listRules(c.vm.node, c.vm.vmid);
    expect(rules.map((r) => [r.pos, r.type, r.action, r.proto, r.dport, r.source, r.enable])).toEqual([
      [0, 'in', 'ACCEPT', 'tcp', '22', undefined, true],
      [1, 'in', 'DROP', 'udp', '80,443', '192.0.2.0/24', true],
    ]);
    // At a position: goes first.
    const out = { Pos: 0, Direction: 'out', Policy: 'REJECT', Destination: '2001:db8::/32', Comment: 'no v6 docs' };
    expect(await done(h, c.u, c.id, 'firewall/rule/add', out)).toBe(2);
    expect((await state(c.u, c.id)).Rules).toEqual([
      {
        Pos: 0,
        Direction: 'out',
        Policy: 'REJECT',
        Protocol: 'any',
        Source: '',
        SourcePort: '',
        Destination: '2001:db8::/32',
        DestinationPort: '',
        Enabled: true,
        Comment: 'no v6 docs',
      },
      expect.objectContaining({ Pos: 1, DestinationPort: '22', Comment: 'ssh' }),
      expect.objectContaining({ Pos: 2, Source: '192.0.2.0/24' }),
    ]);

    // A full update clears what the customer emptied.
    const changed = {
      Pos: 1,
      Direction: 'in',
      Policy: 'ACCEPT',
      Protocol: 'tcp',
      DestinationPort: '2222',
      SourcePort: '1024:65535',
    };
    expect(await done(h, c.u, c.id, 'firewall/rule/set', changed)).toBe(2);
    const rule = await fw.getRule(c.vm.node, c.vm.vmid, 1);
    expect([rule.dport, rule.sport, rule.comment]).toEqual(['2222', '1024:65535', undefined]);

    expect(await done(h, c.u, c.id, 'firewall/rule/disable', { Pos: 1 })).toBe(2);
    expect((await fw.getRule(c.vm.node, c.vm.vmid, 1)).enable).toBe(false);
    expect((await state(c.u, c.id)).Rules[1]!.Enabled).toBe(false);
    expect(await done(h, c.u, c.id, 'firewall/rule/enable', { Pos: 1 })).toBe(2);
    expect((await fw.getRule(c.vm.node, c.vm.vmid, 1)).enable).toBe(true);

    expect(await done(h, c.u, c.id, 'firewall/rule/del', { Pos: 0 })).toBe(2);
    rules = await fw.listRules(c.vm.node, c.vm.vmid);
    expect(rules.map((r) => r.dport)).toEqual(['2222', '80,443']);
    expect((await state(c.u, c.id)).Rules.map((r) => r.Pos)).toEqual([0, 1]);
  });

  it('switches the firewall and its default policies, keeping the anti-spoofing filter', async () => {
    const fw = c.vm.client.firewall;
    const before = await state(c.u, c.id);
    expect(await done(h, c.u, c.id, 'firewall/set', { Enabled: false, PolicyIn: 'DROP', PolicyOut: 'REJECT' })).toBe(2);
    const off = await state(c.u, c.id);
    expect([off.Enabled, off.PolicyIn, off.PolicyOut]).toEqual([false, 'DROP', 'REJECT']);
    expect(off.Rules).toEqual(before.Rules);
    // Proxmox's switch stays on, or pve-firewall would drop the anti-spoofing filters with the rules:
    // "off" is two rules of ours at the top that accept everything.
    const options = await fw.getOptions(c.vm.node, c.vm.vmid);
    expect([options.enable, options.policy_in, options.policy_out, options.ipfilter, options.macfilter]).toEqual([
      true,
      'DROP',
      'REJECT',
      true,
      true,
    ]);
    expect(await fw.ipsets(c.vm.node, c.vm.vmid)).toContain('ipfilter-net0');
    let rules = await fw.listRules(c.vm.node, c.vm.vmid);
    expect(rules.slice(0, 2).map((r) => [r.type, r.action, r.proto, r.source, r.dest, r.enable])).toEqual([
      ['in', 'ACCEPT', undefined, undefined, undefined, true],
      ['out', 'ACCEPT', undefined, undefined, undefined, true],
    ]);
    expect(rules.slice(2).map((r) => r.dport)).toEqual(['2222', '80,443']);

    // While off, the customer's rules keep their numbers.
    expect(await done(h, c.u, c.id, 'firewall/rule/disable', { Pos: 1 })).toBe(2);
    expect((await fw.getRule(c.vm.node, c.vm.vmid, 3)).enable).toBe(false);
    expect((await state(c.u, c.id)).Rules.map((r) => [r.Pos, r.Enabled])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(await done(h, c.u, c.id, 'firewall/rule/enable', { Pos: 1 })).toBe(2);
    // Switching off twice changes nothing more.
    expect(await done(h, c.u, c.id, 'firewall/set', { Enabled: false, PolicyIn: 'DROP', PolicyOut: 'REJECT' })).toBe(2);
    expect(await fw.listRules(c.vm.node, c.vm.vmid)).toHaveLength(4);

    expect(await done(h, c.u, c.id, 'firewall/set', { Enabled: true, PolicyIn: 'ACCEPT', PolicyOut: 'ACCEPT' })).toBe(
      2,
    );
    const on = await state(c.u, c.id);
    expect([on.Enabled, on.PolicyIn, on.PolicyOut]).toEqual([true, 'ACCEPT', 'ACCEPT']);
    rules = await fw.listRules(c.vm.node, c.vm.vmid);
    expect(rules.map((r) => r.dport)).toEqual(['2222', '80,443']);
  });

  it('refuses bad rules with the field at fault', async () => {
    const add = (body: object) => act(h, c.u, 'firewall/rule/add', { Id: c.id, ...ssh, ...body });
    expectError(await add({ Source: '10.0.0.300' }), 400, 'parse_data_error', { Source: 'invalid_address' });
    expectError(await add({ Destination: '10.0.0.0/33' }), 400, 'parse_data_error', { Destination: 'invalid_address' });
    expectError(await add({ DestinationPort: '70000' }), 400, 'parse_data_error', { DestinationPort: 'invalid_port' });
    expectError(await add({ SourcePort: '90:80' }), 400, 'parse_data_error', { SourcePort: 'invalid_port' });
    expectError(await add({ Protocol: 'icmp' }), 400, 'parse_data_error', { DestinationPort: 'ports_need_protocol' });
    expectError(await add({ Source: '192.0.2.1', Destination: '2001:db8::1' }), 400, 'parse_data_error', {
      Destination: 'invalid_address',
    });
    expectError(
      await add({ Protocol: 'ipv6-icmp', DestinationPort: '', Source: '192.0.2.1' }),
      400,
      'parse_data_error',
      {
        Source: 'invalid_address',
      },
    );
    expectError(await add({ Direction: 'sideways', Policy: undefined }), 400, 'parse_data_error', {
      Direction: 'invalid_value',
      Policy: 'invalid_value',
    });
    expectError(await act(h, c.u, 'firewall/rule/del', { Id: c.id }), 400, 'parse_data_error', {
      Pos: 'invalid_value',
    });
    expectError(
      await act(h, c.u, 'firewall/set', { Id: c.id, Enabled: 'yes', PolicyIn: 'DROP', PolicyOut: 'ACCEPT' }),
      400,
      'parse_data_error',
      {
        Enabled: 'invalid_value',
      },
    );
    // Nothing reached Proxmox.
    expect((await state(c.u, c.id)).Rules).toHaveLength(2);
  });

  it('answers "not found" for a rule position that does not exist', async () => {
    for (const path of ['firewall/rule/del', 'firewall/rule/enable', 'firewall/rule/disable']) {
      expectError(await act(h, c.u, path, { Id: c.id, Pos: 7 }), 404, 'db_no_record');
    }
    expectError(await act(h, c.u, 'firewall/rule/set', { Id: c.id, Pos: 7, ...ssh }), 404, 'db_no_record');
  });

  it(`refuses a rule beyond ${FIREWALL_RULES_MAX}`, async () => {
    const fw = c.vm.client.firewall;
    const have = (await fw.listRules(c.vm.node, c.vm.vmid)).length;
    for (let i = have; i < FIREWALL_RULES_MAX; i++) {
      await fw.createRule(c.vm.node, c.vm.vmid, {
        type: 'in',
        action: 'ACCEPT',
        proto: 'tcp',
        dport: String(1000 + i),
        pos: i,
      });
    }
    expectError(await act(h, c.u, 'firewall/rule/add', { Id: c.id, ...ssh }), 409, 'quota_exceeded');
    for (let i = FIREWALL_RULES_MAX - 1; i >= have; i--) await fw.deleteRule(c.vm.node, c.vm.vmid, i);
  });

  it('refuses changes while another action runs or the instance has no running server', async () => {
    const all = () => [
      act(h, c.u, 'firewall/rule/add', { Id: c.id, ...ssh }),
      act(h, c.u, 'firewall/rule/del', { Id: c.id, Pos: 0 }),
      act(h, c.u, 'firewall/rule/enable', { Id: c.id, Pos: 0 }),
      act(h, c.u, 'firewall/rule/disable', { Id: c.id, Pos: 0 }),
      act(h, c.u, 'firewall/rule/set', { Id: c.id, Pos: 0, ...ssh }),
      act(h, c.u, 'firewall/set', { Id: c.id, Enabled: true, PolicyIn: 'DROP', PolicyOut: 'ACCEPT' }),
    ];
    await whileBusy(h, c, async () => {
      for (const r of await Promise.all(all())) expectError(r, 409, 'wrong_status');
    });
    for (const status of ['creating', 'destroyed'] as const) {
      await whileStatus(h, c.id, status, async () => {
        for (const r of await Promise.all(all())) expectError(r, 409, 'wrong_status');
        const r = await call(h, 'GET', `/api/instance/firewall/rules?id=${c.id}`, { ssid: c.u.ssid });
        expectError(r, 409, 'wrong_status');
      });
    }
    expect((await state(c.u, c.id)).Rules).toHaveLength(2);
  });

  it("treats another customer's instance as not found", async () => {
    const other = await customerWithInstance(h, 'fw-2');
    const r = await call(h, 'GET', `/api/instance/firewall/rules?id=${c.id}`, { ssid: other.u.ssid });
    expectError(r, 404, 'instance_not_exist');
    for (const [path, body] of [
      ['firewall/rule/add', ssh],
      ['firewall/rule/set', { Pos: 0, ...ssh }],
      ['firewall/rule/del', { Pos: 0 }],
      ['firewall/rule/enable', { Pos: 0 }],
      ['firewall/rule/disable', { Pos: 0 }],
      ['firewall/set', { Enabled: false, PolicyIn: 'DROP', PolicyOut: 'ACCEPT' }],
    ] as const) {
      expectError(await act(h, other.u, path, { Id: c.id, ...body }), 404, 'instance_not_exist');
    }
    expect((await state(c.u, c.id)).Rules).toHaveLength(2);
  });
});
