import {
  FIREWALL_POLICIES,
  FIREWALL_PROTOCOLS,
  FIREWALL_RULES_MAX,
  type FirewallRule,
  type FirewallRuleAddBody,
  type FirewallRuleRefBody,
  type FirewallSetBody,
  type FirewallState,
} from '@nimbus/contract';
import type { FirewallRule as PveRule, RuleParams } from '@nimbus/proxmox';
import type { z } from 'zod';
import type { Context } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { actionHandler, attempt, liveVm, startOnVm, type Job, type Vm } from './common.js';

type AddBody = z.output<typeof FirewallRuleAddBody>;
type RefBody = z.output<typeof FirewallRuleRefBody>;
type OptionsBody = z.output<typeof FirewallSetBody>;
type RuleFields = Omit<AddBody, 'Id' | 'Pos'>;

/** The checkpoints of a firewall task: one change, and the firewall file's digest before it. */
export interface FirewallTaskState {
  op: 'add' | 'set' | 'del' | 'options';
  pos?: number;
  rule?: RuleParams & { type: string; action: string };
  options?: { enable: boolean; policy_in: string; policy_out: string };
  /** The digest of the firewall before the change: once it differs, the change went through. */
  digest?: string;
}

const oneOf = <T extends string>(list: readonly T[], v: string | undefined): v is T => list.includes(v as T);

/** A Proxmox rule as a customer sees it, or null for one the console does not manage (groups, macros). */
function toRule(r: PveRule): FirewallRule | null {
  if ((r.type !== 'in' && r.type !== 'out') || r.macro || !oneOf(FIREWALL_POLICIES, r.action)) return null;
  const proto = r.proto ?? 'any';
  if (!oneOf(FIREWALL_PROTOCOLS, proto)) return null;
  return {
    Pos: r.pos,
    Direction: r.type,
    Policy: r.action,
    Protocol: proto,
    Source: r.source ?? '',
    SourcePort: r.sport ?? '',
    Destination: r.dest ?? '',
    DestinationPort: r.dport ?? '',
    Enabled: r.enable,
    Comment: r.comment ?? '',
  };
}

/** A customer's rule as Proxmox's parameters; empty fields are left out. */
function toParams(b: RuleFields): RuleParams & { type: string; action: string } {
  const p: RuleParams & { type: string; action: string } = {
    type: b.Direction,
    action: b.Policy,
    enable: b.Enabled,
  };
  if (b.Protocol !== 'any') p.proto = b.Protocol;
  if (b.Source) p.source = b.Source;
  if (b.Destination) p.dest = b.Destination;
  if (b.SourcePort) p.sport = b.SourcePort;
  if (b.DestinationPort) p.dport = b.DestinationPort;
  if (b.Comment) p.comment = b.Comment;
  return p;
}

/** GET api/instance/firewall/rules: the VM firewall's switch, default policies and the rules we manage. */
export async function firewallState(ctx: Context, userId: number, id: number): Promise<FirewallState> {
  const { vm } = await liveVm(ctx, userId, id);
  const [options, rules] = await Promise.all([
    vm.client.firewall.getOptions(vm.node, vm.vmid),
    vm.client.firewall.listRules(vm.node, vm.vmid),
  ]);
  return {
    Enabled: options.enable,
    // Proxmox's defaults when the options leave them out.
    PolicyIn: oneOf(FIREWALL_POLICIES, options.policy_in) ? options.policy_in : 'DROP',
    PolicyOut: oneOf(FIREWALL_POLICIES, options.policy_out) ? options.policy_out : 'ACCEPT',
    Rules: rules.map(toRule).filter((r): r is FirewallRule => r !== null),
  };
}

/** The rule at `pos` if it is one the customer may change; otherwise 404 like another customer's id. */
async function ruleAt(vm: Vm, pos: number): Promise<FirewallRule> {
  const rules = await vm.client.firewall.listRules(vm.node, vm.vmid);
  const rule = rules.find((r) => r.pos === pos);
  const mine = rule && toRule(rule);
  if (!mine) throw new AppError('db_no_record', 404);
  return mine;
}

const start = (ctx: Context, userId: number, id: number, prepare: (vm: Vm) => Promise<FirewallTaskState>) =>
  startOnVm(ctx, userId, id, 'firewall', prepare);

/** POST api/instance/firewall/rule/add: appended at the end, or inserted at `Pos`; at most FIREWALL_RULES_MAX. */
export const addRule = (ctx: Context, userId: number, b: AddBody) =>
  start(ctx, userId, b.Id, async (vm) => {
    const rules = await vm.client.firewall.listRules(vm.node, vm.vmid);
    if (rules.length >= FIREWALL_RULES_MAX) throw new AppError('quota_exceeded', 409);
    return { op: 'add', pos: Math.min(b.Pos ?? rules.length, rules.length), rule: toParams(b) };
  });

/** POST api/instance/firewall/rule/set: every field of the rule at `Pos`. */
export const setRule = (ctx: Context, userId: number, b: AddBody & { Pos: number }) =>
  start(ctx, userId, b.Id, async (vm) => {
    await ruleAt(vm, b.Pos);
    return { op: 'set', pos: b.Pos, rule: toParams(b) };
  });

/** POST api/instance/firewall/rule/enable|disable: the rule at `Pos` switched on or off. */
export const switchRule = (ctx: Context, userId: number, b: RefBody, enable: boolean) =>
  start(ctx, userId, b.Id, async (vm) => {
    const rule = await ruleAt(vm, b.Pos);
    return { op: 'set', pos: b.Pos, rule: toParams({ ...rule, Enabled: enable }) };
  });

/** POST api/instance/firewall/rule/del. */
export const deleteRule = (ctx: Context, userId: number, b: RefBody) =>
  start(ctx, userId, b.Id, async (vm) => {
    await ruleAt(vm, b.Pos);
    return { op: 'del', pos: b.Pos };
  });

/** POST api/instance/firewall/set: the firewall's switch and default policies. */
export const setOptions = (ctx: Context, userId: number, b: OptionsBody) =>
  start(ctx, userId, b.Id, async () => ({
    op: 'options',
    options: { enable: b.Enabled, policy_in: b.PolicyIn, policy_out: b.PolicyOut },
  }));

/** Keys a full rule update clears when the customer left them empty. */
const CLEARABLE = ['proto', 'source', 'dest', 'sport', 'dport', 'comment', 'macro', 'icmp-type', 'iface', 'log'];

/**
 * Applies one change. Every write carries the digest read before it, so a change replayed after a
 * crash or a lost answer is refused by Proxmox instead of adding or deleting a second rule; and a
 * digest that moved on since the checkpoint means the change was already made.
 */
async function apply(job: Job<FirewallTaskState>): Promise<void> {
  const { vm, state } = job;
  const fw = vm.client.firewall;
  const { digest } = await fw.getOptions(vm.node, vm.vmid);
  if (state.digest && digest !== state.digest) return;
  if (!state.digest) await job.save({ digest });
  const d = state.digest;
  switch (state.op) {
    case 'add':
      await fw.createRule(vm.node, vm.vmid, { ...state.rule!, pos: state.pos, digest: d });
      return;
    case 'set': {
      const present = new Set(Object.keys(state.rule!));
      const clear = CLEARABLE.filter((k) => !present.has(k)).join(',');
      await fw.updateRule(vm.node, vm.vmid, state.pos!, { ...state.rule!, delete: clear, digest: d });
      return;
    }
    case 'del':
      await fw.deleteRule(vm.node, vm.vmid, state.pos!, d);
      return;
    case 'options':
      // The anti-spoofing filters of the deploy stay on whatever the customer chooses.
      await fw.setOptions(vm.node, vm.vmid, { ...state.options!, ipfilter: true, macfilter: true, digest: d });
  }
}

/** The `firewall` task: one change to the VM's firewall, safe to resume. */
export const firewallHandler = (ctx: Context) =>
  actionHandler<FirewallTaskState>(ctx, (job) => attempt(job.signal, () => apply(job)));
