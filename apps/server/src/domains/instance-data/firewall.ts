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
import type { FirewallOptions, FirewallRule as PveRule, RuleParams } from '@nimbus/proxmox';
import type { z } from 'zod';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { actionHandler, attempt, liveVm, startOnVm, type Job, type Vm } from './common.js';

type AddBody = z.output<typeof FirewallRuleAddBody>;
type RefBody = z.output<typeof FirewallRuleRefBody>;
type OptionsBody = z.output<typeof FirewallSetBody>;
type RuleFields = Omit<AddBody, 'Id' | 'Pos'>;

/**
 * The checkpoints of a firewall task: one change (rule positions as the customer numbers them), and
 * for rule changes the firewall file's digest before it.
 */
export interface FirewallTaskState {
  op: 'add' | 'set' | 'del' | 'options';
  pos?: number;
  rule?: RuleParams & { type: string; action: string };
  options?: { enable: boolean; policy_in: string; policy_out: string };
  /** The digest of the firewall before the change: once it differs, the change went through. */
  digest?: string;
}

const oneOf = <T extends string>(list: readonly T[], v: string | undefined): v is T => list.includes(v as T);

/**
 * Proxmox's own switch (`enable`) would also turn off the anti-spoofing filters the deploy set up
 * (pve-firewall skips a disabled VM's chains altogether), so it stays on. A customer's "off" is
 * instead two rules of ours at the top that accept everything in and out: rules match first to
 * last, after the anti-spoofing filters, so theirs below are kept but never reached.
 */
const OFF_MARK = 'Nimbus: firewall switched off';
const isOffRule = (r: PveRule) =>
  r.comment === OFF_MARK &&
  r.action === 'ACCEPT' &&
  r.enable &&
  (r.type === 'in' || r.type === 'out') &&
  !r.proto &&
  !r.source &&
  !r.dest &&
  !r.macro &&
  !r.iface;

/** The firewall as Proxmox has it: options, every rule, and how many leading rules are our "off" rules. */
interface View {
  options: FirewallOptions;
  rules: PveRule[];
  offset: number;
  digest: string | undefined;
}

async function read(vm: Vm): Promise<View> {
  const [options, rules] = await Promise.all([
    vm.client.firewall.getOptions(vm.node, vm.vmid),
    vm.client.firewall.listRules(vm.node, vm.vmid),
  ]);
  let offset = 0;
  while (offset < rules.length && isOffRule(rules[offset]!)) offset++;
  return { options, rules, offset, digest: options.digest };
}

/** The customer's rules, numbered from 0 after our "off" rules. */
const customerRules = (v: View) =>
  v.rules
    .slice(v.offset)
    .map((r) => toRule(r, v.offset))
    .filter((r): r is FirewallRule => r !== null);

/** A Proxmox rule as a customer sees it, or null for one the console does not manage (groups, macros). */
function toRule(r: PveRule, offset: number): FirewallRule | null {
  if ((r.type !== 'in' && r.type !== 'out') || r.macro || !oneOf(FIREWALL_POLICIES, r.action)) return null;
  const proto = r.proto ?? 'any';
  if (!oneOf(FIREWALL_PROTOCOLS, proto)) return null;
  return {
    Pos: r.pos - offset,
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

/** GET api/instance/firewall/rules: the firewall's switch, default policies and the customer's rules. */
export async function firewallState(ctx: Context, userId: number, id: number): Promise<FirewallState> {
  const { vm } = await liveVm(ctx, userId, id);
  const view = await read(vm);
  return {
    Enabled: view.options.enable && view.offset === 0,
    // Proxmox's defaults when the options leave them out.
    PolicyIn: oneOf(FIREWALL_POLICIES, view.options.policy_in) ? view.options.policy_in : 'DROP',
    PolicyOut: oneOf(FIREWALL_POLICIES, view.options.policy_out) ? view.options.policy_out : 'ACCEPT',
    Rules: customerRules(view),
  };
}

/** The customer's rule at `pos`; a position without one is 404 like another customer's id. */
async function ruleAt(vm: Vm, pos: number): Promise<FirewallRule> {
  const mine = customerRules(await read(vm)).find((r) => r.Pos === pos);
  if (!mine) throw new AppError('db_no_record', 404);
  return mine;
}

const start = (ctx: Context, userId: number, id: number, prepare: (vm: Vm) => Promise<FirewallTaskState>) =>
  startOnVm(ctx, userId, id, 'firewall', prepare);

/** POST api/instance/firewall/rule/add: appended at the end, or inserted at `Pos`; at most FIREWALL_RULES_MAX. */
export const addRule = (ctx: Context, userId: number, b: AddBody) =>
  start(ctx, userId, b.Id, async (vm) => {
    const view = await read(vm);
    const count = view.rules.length - view.offset;
    if (count >= FIREWALL_RULES_MAX) throw new AppError('quota_exceeded', 409);
    return { op: 'add', pos: Math.min(b.Pos ?? count, count), rule: toParams(b) };
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
 * Applies one rule change. Every write carries the digest read before it, so a change replayed
 * after a crash or a lost answer is refused by Proxmox instead of adding or deleting a second rule;
 * and a digest that moved on since the checkpoint means the change was already made.
 */
async function applyRule(job: Job<FirewallTaskState>): Promise<void> {
  const { vm, state } = job;
  const fw = vm.client.firewall;
  const view = await read(vm);
  if (state.digest && view.digest !== state.digest) return;
  if (!state.digest) await job.save({ digest: view.digest });
  const d = state.digest;
  const pos = state.pos! + view.offset;
  if (state.op === 'add') {
    await fw.createRule(vm.node, vm.vmid, { ...state.rule!, pos, digest: d });
  } else if (state.op === 'set') {
    const present = new Set(Object.keys(state.rule!));
    const clear = CLEARABLE.filter((k) => !present.has(k)).join(',');
    await fw.updateRule(vm.node, vm.vmid, pos, { ...state.rule!, delete: clear, digest: d });
  } else {
    await fw.deleteRule(vm.node, vm.vmid, pos, d);
  }
}

/**
 * Sets the switch and default policies: Proxmox's own switch and the anti-spoofing filters stay
 * on, and our "off" rules are added or removed until the firewall is as asked. Each write is
 * checked against what Proxmox has just before it (and its digest), so a repeat does nothing twice.
 */
async function applyOptions(job: Job<FirewallTaskState>): Promise<void> {
  const { vm, state } = job;
  const fw = vm.client.firewall;
  const want = state.options!;
  await fw.setOptions(vm.node, vm.vmid, {
    enable: true,
    policy_in: want.policy_in,
    policy_out: want.policy_out,
    ipfilter: true,
    macfilter: true,
  });
  for (let i = 0; i < 4; i++) {
    const view = await read(vm);
    if (want.enable) {
      if (view.offset === 0) return;
      await fw.deleteRule(vm.node, vm.vmid, 0, view.digest);
    } else {
      const missing = (['out', 'in'] as const).find((t) => !view.rules.slice(0, view.offset).some((r) => r.type === t));
      if (!missing) return;
      const rule = { type: missing, action: 'ACCEPT', comment: OFF_MARK, enable: true };
      await fw.createRule(vm.node, vm.vmid, { ...rule, pos: 0, digest: view.digest });
    }
  }
  throw new Error('the firewall did not settle');
}

/** The `firewall` task: one change to the VM's firewall, safe to resume. */
export const firewallHandler = (ctx: Context) =>
  actionHandler<FirewallTaskState>(ctx, (job) =>
    attempt(job.signal, () => (job.state.op === 'options' ? applyOptions(job) : applyRule(job))),
  );
