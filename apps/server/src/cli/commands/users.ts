import { EmailField, formatMinor, parseMinor, PasswordField, toLocalText } from '@nimbus/contract';
import { withTx } from '../../infra/db/pool.js';
import { createUser } from '../../domains/users/create.js';
import { line, textLine } from '../../domains/users/lines.js';
import { post } from '../../domains/users/ledger.js';
import { users } from '../../domains/users/repository.js';
import { localFlag, need } from '../args.js';
import type { Command } from './types.js';

export function money(text: string, flag: string): number {
  const v = parseMinor(text);
  if (v === null) throw new Error(`--${flag} must be an amount such as 10 or 10.50`);
  return v;
}

export const userCommands: Record<string, Command> = {
  'user:create': {
    usage: '--email E --password P [--balance N] [--first-name F] [--last-name L]',
    async run({ db, flags: f, config }) {
      const email = EmailField.parse(need(f, 'email'));
      const password = PasswordField.safeParse(need(f, 'password'));
      if (!password.success) throw new Error('--password must be 8 to 128 characters');
      const balance = f.balance ? money(f.balance, 'balance') : 0;
      if (balance < 0) throw new Error('--balance cannot be negative');
      const user = await withTx(db, async (tx) => {
        const u = await createUser(tx, {
          email,
          password: password.data,
          currency: config.CURRENCY,
          firstName: f['first-name'],
          lastName: f['last-name'],
        });
        if (balance > 0) await post(tx, u.id, 'adjustment', balance, line('initial_balance'));
        return u;
      });
      return `created user ${user.id} ${user.email} with balance ${formatMinor(balance)} ${config.CURRENCY}`;
    },
  },
  'user:balance': {
    usage: '--email E --add N (--note T | --note-zh T) [--note-zh T]   (a ledger entry; N may be negative, e.g. -5.25)',
    async run({ db, flags: f }) {
      const email = EmailField.parse(need(f, 'email'));
      const amount = money(need(f, 'add'), 'add');
      const note = localFlag(f, 'note');
      if (!note || !Object.values(note).some((t) => t.trim() !== ''))
        throw new Error('--note or --note-zh is required');
      const user = await users.byEmail(db, email);
      if (!user) throw new Error(`no user with email ${email}`);
      const after = await withTx(db, (tx) => post(tx, user.id, 'adjustment', amount, textLine(toLocalText(note))));
      return `${user.email}: balance ${formatMinor(after)} ${user.currency.trim()}`;
    },
  },
  'user:list': {
    usage: '',
    async run({ db }) {
      const rows = await users.list(db);
      const lines = rows.map((u) =>
        [
          u.id,
          u.email,
          `${u.first_name} ${u.last_name}`.trim() || '-',
          `${formatMinor(u.balance)} ${u.currency.trim()}`,
          u.created_at.toISOString(),
        ].join('\t'),
      );
      return ['id\temail\tname\tbalance\tcreated', ...lines].join('\n');
    },
  },
};
