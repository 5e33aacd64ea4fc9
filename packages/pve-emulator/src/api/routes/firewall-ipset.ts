import type { Ctx, Handler } from '../context.js';
import { fail } from '../errors.js';

function ipset(ctx: Ctx) {
  const set = ctx.vm().firewall.ipsets.get(ctx.req('name'));
  if (!set) throw fail(`no such IPSet '${ctx.req('name')}'`);
  return set;
}

/** VM firewall IP sets (anti-spoofing `ipfilter-net0` and friends). */
export const ipsetRoutes: Record<string, Handler> = {
  'GET /nodes/{node}/qemu/{vmid}/firewall/ipset': (ctx) =>
    [...ctx.vm().firewall.ipsets.entries()].map(([name, s]) => ({ name, comment: s.comment, digest: '' })),
  'POST /nodes/{node}/qemu/{vmid}/firewall/ipset': (ctx) => {
    const sets = ctx.vm().firewall.ipsets;
    const name = ctx.req('name');
    const rename = ctx.str('rename');
    if (rename) {
      const s = sets.get(rename);
      if (!s) throw fail(`IPSet '${rename}' does not exist`);
      sets.delete(rename);
      sets.set(name, s);
      return null;
    }
    if (sets.has(name)) throw fail(`IPSet '${name}' already exists`);
    sets.set(name, { comment: ctx.str('comment'), entries: [] });
    return null;
  },
  'GET /nodes/{node}/qemu/{vmid}/firewall/ipset/{name}': (ctx) => ipset(ctx).entries.map((e) => ({ ...e, digest: '' })),
  'POST /nodes/{node}/qemu/{vmid}/firewall/ipset/{name}': (ctx) => {
    const set = ipset(ctx);
    const cidr = ctx.req('cidr');
    if (set.entries.some((e) => e.cidr === cidr)) throw fail(`address '${cidr}' already exists`);
    const entry: Record<string, string> = { cidr };
    if (ctx.str('comment')) entry.comment = ctx.req('comment');
    if (ctx.bool('nomatch')) entry.nomatch = '1';
    set.entries.push(entry);
    return null;
  },
  'DELETE /nodes/{node}/qemu/{vmid}/firewall/ipset/{name}': (ctx) => {
    const set = ipset(ctx);
    if (set.entries.length && !ctx.bool('force')) throw fail('IPSet is not empty');
    ctx.vm().firewall.ipsets.delete(ctx.req('name'));
    return null;
  },
  'GET /nodes/{node}/qemu/{vmid}/firewall/ipset/{name}/{cidr}': (ctx) => {
    const entry = ipset(ctx).entries.find((e) => e.cidr === ctx.req('cidr'));
    if (!entry) throw fail('no such IP/Network');
    return { ...entry };
  },
  'PUT /nodes/{node}/qemu/{vmid}/firewall/ipset/{name}/{cidr}': (ctx) => {
    const entry = ipset(ctx).entries.find((e) => e.cidr === ctx.req('cidr'));
    if (!entry) throw fail('no such IP/Network');
    if (ctx.str('comment') !== undefined) entry.comment = ctx.req('comment');
    return null;
  },
  'DELETE /nodes/{node}/qemu/{vmid}/firewall/ipset/{name}/{cidr}': (ctx) => {
    const set = ipset(ctx);
    set.entries = set.entries.filter((e) => e.cidr !== ctx.req('cidr'));
    return null;
  },
};
