import { affiliateRepo } from '../../domains/affiliate/repository.js';
import { parsePercent, percentOf } from '../../domains/affiliate/settings.js';
import { users } from '../../domains/users/repository.js';
import type { Command } from './types.js';

export const affiliateCommands: Record<string, Command> = {
  'affiliate:rate': {
    usage: '[--email E] [--percent P]     (shows the commission rate, or sets it for all or for one referrer)',
    async run({ db, flags: f, config }) {
      const user = f.email === undefined ? null : await users.byEmail(db, f.email);
      if (user === undefined) throw new Error(`no user ${f.email}`);
      if (f.percent !== undefined) {
        const bps = parsePercent(f.percent);
        if (bps === null) throw new Error('--percent must be a number from 0 to 100 with at most 2 decimals');
        await affiliateRepo.setRate(db, user?.id ?? null, bps);
        return user
          ? `affiliate rate of ${user.email}: ${percentOf(bps)}%`
          : `affiliate rate: ${percentOf(bps)}% for new commissions`;
      }
      const programme = await affiliateRepo.rateBps(db, null);
      const base =
        programme === undefined ? `${config.AFFILIATE_RATE}% (AFFILIATE_RATE)` : `${percentOf(programme)}% (set)`;
      if (user) {
        const own = await affiliateRepo.rateBps(db, user.id);
        return `affiliate rate of ${user.email}: ${own === undefined ? config.AFFILIATE_RATE : percentOf(own)}%`;
      }
      const own = (await affiliateRepo.rates(db)).filter((r) => r.email !== null);
      return [`affiliate rate: ${base}`, ...own.map((r) => `  ${r.email}\t${percentOf(r.rate_bps)}%`)].join('\n');
    },
  },
};
