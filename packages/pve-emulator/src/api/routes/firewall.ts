import { createHash } from 'node:crypto';
import type { VmFirewall } from '../../state/types.js';
import type { Ctx, Handler } from '../context.js';
import { fail, paramError } from '../errors.js';
import { ipsetRoutes } from './firewall-ipset.js';

const RULE_KEYS = [
  'type',
  'action',
  'enable',
  'macro',
  'iface',
  'source',
  'dest',
  'proto',
  'sport',
  'dport',
  'icmp-type',
  'log',
  'comment',
  'ipversion',
];

/** Digest over the whole firewall file, as pve-firewall compares it. */
export function fwDigest(fw: VmFirewall): string {
  return createHash('sha1')
    .update(JSON.stringify([fw.rules, fw.options, [...fw.ipsets.entries()]]))
    .digest('hex');
}

/** Rejects a stale digest with Proxmox's text. */
export function checkDigest(ctx: Ctx, fw: VmFirewall): void {
  const digest = ctx.str('digest');
  if (digest && digest !== fwDigest(fw))
    throw fail('detected modified configuration - file changed by other user? Try again.');
}

function ruleAt(ctx: Ctx, fw: VmFirewall): number {
  const pos = ctx.num('pos') ?? 0;
  if (pos >= fw.rules.length) throw paramError({ pos: `no rule at position ${pos}` });
  return pos;
}

function render(rule: Record<string, string>, pos: number, digest: string): Record<string, unknown> {
  const out: Record<string, unknown> = { pos, digest };
  for (const [k, v] of Object.entries(rule)) out[k] = k === 'enable' || k === 'log_nr' ? Number(v) : v;
  return out;
}

function pick(ctx: Ctx, into: Record<string, string>): void {
  for (const key of RULE_KEYS) {
    const v = ctx.str(key);
    if (v !== undefined) into[key] = v;
  }
}

/** VM firewall rules (by position, with moveto/digest) and options. */
export const firewallRoutes: Record<string, Handler> = {
  ...ipsetRoutes,
  'GET /nodes/{node}/qemu/{vmid}/firewall/rules': (ctx) => {
    const fw = ctx.vm().firewall;
    const digest = fwDigest(fw);
    return fw.rules.map((r, i) => render(r, i, digest));
  },
  'GET /nodes/{node}/qemu/{vmid}/firewall/rules/{pos}': (ctx) => {
    const fw = ctx.vm().firewall;
    const pos = ruleAt(ctx, fw);
    return render(fw.rules[pos] ?? {}, pos, fwDigest(fw));
  },
  'POST /nodes/{node}/qemu/{vmid}/firewall/rules': (ctx) => {
    const fw = ctx.vm().firewall;
    checkDigest(ctx, fw);
    const rule: Record<string, string> = {};
    pick(ctx, rule);
    // pve-firewall create_rule: new rules go to the top unless pos says otherwise; enable defaults to 0.
    if (rule.enable === undefined) rule.enable = '0';
    const pos = Math.min(ctx.num('pos') ?? 0, fw.rules.length);
    fw.rules.splice(pos, 0, rule);
    return null;
  },
  'PUT /nodes/{node}/qemu/{vmid}/firewall/rules/{pos}': (ctx) => {
    const fw = ctx.vm().firewall;
    checkDigest(ctx, fw);
    const pos = ruleAt(ctx, fw);
    const rule = fw.rules[pos] ?? {};
    const moveto = ctx.num('moveto');
    if (moveto !== undefined) {
      fw.rules.splice(pos, 1);
      fw.rules.splice(Math.min(moveto > pos ? moveto - 1 : moveto, fw.rules.length), 0, rule);
      return null;
    }
    for (const key of (ctx.str('delete') ?? '').split(/[,;\s]+/).filter(Boolean)) delete rule[key];
    pick(ctx, rule);
    return null;
  },
  'DELETE /nodes/{node}/qemu/{vmid}/firewall/rules/{pos}': (ctx) => {
    const fw = ctx.vm().firewall;
    checkDigest(ctx, fw);
    fw.rules.splice(ruleAt(ctx, fw), 1);
    return null;
  },
  'GET /nodes/{node}/qemu/{vmid}/firewall/options': (ctx) => {
    const fw = ctx.vm().firewall;
    const out: Record<string, unknown> = { digest: fwDigest(fw) };
    for (const [k, v] of Object.entries(fw.options)) out[k] = /^\d+$/.test(v) ? Number(v) : v;
    return out;
  },
  'PUT /nodes/{node}/qemu/{vmid}/firewall/options': (ctx) => {
    const fw = ctx.vm().firewall;
    checkDigest(ctx, fw);
    for (const key of (ctx.str('delete') ?? '').split(/[,;\s]+/).filter(Boolean)) delete fw.options[key];
    for (const [k, v] of Object.entries(ctx.params)) {
      if (['node', 'vmid', 'digest', 'delete'].includes(k) || Array.isArray(v)) continue;
      fw.options[k] = /^(true|yes|on)$/i.test(v) ? '1' : /^(false|no|off)$/i.test(v) ? '0' : v;
    }
    return null;
  },
};
