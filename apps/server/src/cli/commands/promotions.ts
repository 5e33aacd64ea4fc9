import { CYCLE_KEYS, formatMinor, PROMO_CODE_MAX } from '@nimbus/contract';
import { promotions, type NewPromotion } from '../../domains/promotions/repository.js';
import { need } from '../args.js';
import { money } from './users.js';
import type { Command } from './types.js';

function date(text: string | undefined, flag: string): Date | null {
  if (text === undefined) return null;
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) throw new Error(`--${flag} must be a date such as 2026-12-31 or 2026-12-31T18:00:00Z`);
  return d;
}

function positive(text: string | undefined, flag: string): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} must be a whole number of 1 or more`);
  return n;
}

function list<T>(text: string | undefined, flag: string, parse: (item: string) => T | undefined): T[] | null {
  if (text === undefined) return null;
  return text.split(',').map((item) => {
    const v = parse(item.trim());
    if (v === undefined) throw new Error(`--${flag}: "${item}" is not valid`);
    return v;
  });
}

export const promotionCommands: Record<string, Command> = {
  'promo:create': {
    usage:
      '--code C (--percent P | --amount N) [--starts DATE] [--ends DATE] [--max-uses N] [--max-uses-per-user N] [--products ID,…] [--cycles monthly,…]',
    async run({ db, flags: f, config }) {
      const code = need(f, 'code').trim();
      if (!/^[A-Za-z0-9_-]+$/.test(code) || code.length > PROMO_CODE_MAX)
        throw new Error(`--code must be letters, digits, - or _ (at most ${PROMO_CODE_MAX})`);
      if ((f.percent === undefined) === (f.amount === undefined)) throw new Error('give either --percent or --amount');
      const percent = f.percent === undefined ? null : Number(f.percent);
      if (percent !== null && (!Number.isInteger(percent) || percent < 1 || percent > 100))
        throw new Error('--percent must be a whole number from 1 to 100');
      const amount = f.amount === undefined ? null : money(f.amount, 'amount');
      if (amount !== null && amount <= 0) throw new Error('--amount must be more than 0');
      const p: NewPromotion = {
        code,
        kind: percent !== null ? 'percent' : 'fixed',
        value: percent ?? amount!,
        currency: amount !== null ? config.CURRENCY : null,
        startsAt: date(f.starts, 'starts'),
        endsAt: date(f.ends, 'ends'),
        maxUses: positive(f['max-uses'], 'max-uses'),
        maxUsesPerUser: positive(f['max-uses-per-user'], 'max-uses-per-user'),
        productIds: list(f.products, 'products', (s) => (/^\d+$/.test(s) ? Number(s) : undefined)),
        cycles: list(f.cycles, 'cycles', (s) => ((CYCLE_KEYS as readonly string[]).includes(s) ? s : undefined)),
      };
      if (p.startsAt && p.endsAt && p.endsAt <= p.startsAt) throw new Error('--ends must be after --starts');
      if (await promotions.byCode(db, code)) throw new Error(`a promotion ${code} exists already`);
      const created = await promotions.create(db, p);
      return `created promotion ${created.code} (${describe(created)})`;
    },
  },
  'promo:list': {
    usage: '',
    async run({ db }) {
      const rows = await promotions.list(db);
      const lines = rows.map((p) =>
        [
          p.code,
          describe(p),
          `${p.used}${p.max_uses ? `/${p.max_uses}` : ''} used${p.pending ? `, ${p.pending} pending` : ''}`,
          p.starts_at?.toISOString() ?? '-',
          p.ends_at?.toISOString() ?? '-',
          p.product_ids?.join(',') ?? 'all',
          p.cycles?.join(',') ?? 'all',
          p.disabled_at ? 'disabled' : 'active',
        ].join('\t'),
      );
      return ['code\tdiscount\tuses\tstarts\tends\tproducts\tcycles\tstate', ...lines].join('\n');
    },
  },
  'promo:disable': {
    usage: '--code C',
    async run({ db, flags }) {
      const code = need(flags, 'code');
      if (!(await promotions.disable(db, code))) throw new Error(`no active promotion ${code}`);
      return `disabled promotion ${code}`;
    },
  },
};

function describe(p: {
  kind: string;
  value: number;
  currency: string | null;
  max_uses_per_user: number | null;
}): string {
  const off = p.kind === 'percent' ? `${p.value}% off` : `${formatMinor(p.value)} ${p.currency?.trim()} off`;
  return p.max_uses_per_user ? `${off}, ${p.max_uses_per_user} per customer` : off;
}
