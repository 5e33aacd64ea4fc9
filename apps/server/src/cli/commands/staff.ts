import { formatMinor } from '@nimbus/contract';
import { staffTokens, parseScopes } from '../../domains/accounts/staff-tokens-repository.js';
import { staffUser } from '../../domains/staff/users.js';
import { need, oneLine } from '../args.js';
import type { Command } from './types.js';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '-');
const money = (amount: number, currency: string) => `${formatMinor(amount)} ${currency}`;
const more = (shown: number, total: number) => (total > shown ? `  … and ${total - shown} more` : null);

export const staffCommands: Record<string, Command> = {
  'user:show': {
    usage: '(--email E | --id N)     (the customer with their instances, invoices and tickets)',
    async run({ db, flags: f }) {
      if (!f.email === !f.id) throw new Error('give --email or --id');
      const id = f.id === undefined ? undefined : Number(f.id);
      if (id !== undefined && (!Number.isSafeInteger(id) || id < 1)) throw new Error('--id must be a user id');
      const u = await staffUser(db, { id, email: f.email }).catch((err: unknown) => {
        throw (err as { code?: string }).code === 'user_not_exist' ? new Error(`no user ${f.email ?? f.id}`) : err;
      });
      const name = `${u.FirstName} ${u.LastName}`.trim() || '-';
      const lines = [
        `user ${u.Id} ${u.Email}`,
        `  name ${name}${u.Company ? ` (${u.Company})` : ''}, country ${u.Country || '-'}, language ${u.Locale}`,
        `  balance ${money(u.Balance, u.Currency)}, since ${day(u.CreatedAt)}`,
        `instances (${u.Instances.Total})`,
        ...u.Instances.Items.map((i) =>
          [
            `  ${i.Id}`,
            i.Hostname,
            i.SuspendedAt ? `${i.Status} (suspended)` : i.Status,
            i.ProductName,
            i.RegionName,
            i.IpAddress ?? '-',
            `due ${day(i.DueAt)}`,
          ].join('\t'),
        ),
        more(u.Instances.Items.length, u.Instances.Total),
        `invoices (${u.Invoices.Total})`,
        ...u.Invoices.Items.map((i) =>
          [`  ${i.Id}`, i.Kind, i.Status, money(i.Amount, i.Currency), `due ${day(i.DueDate)}`].join('\t'),
        ),
        more(u.Invoices.Items.length, u.Invoices.Total),
        `tickets (${u.Tickets.Total})`,
        ...u.Tickets.Items.map((t) =>
          [`  ${t.Id}`, t.Status, oneLine(t.Title), `updated ${day(t.UpdatedAt)}`].join('\t'),
        ),
        more(u.Tickets.Items.length, u.Tickets.Total),
      ];
      return lines.filter((l) => l !== null).join('\n');
    },
  },
  'staff-token:create': {
    usage: '--name N [--scopes tickets,notices,users]   (prints the token once; only its hash is kept)',
    async run({ db, flags: f }) {
      const name = need(f, 'name').trim();
      if (!name || name.length > 100) throw new Error('--name must be 1 to 100 characters');
      const scopes = parseScopes(f.scopes);
      const { id, token } = await staffTokens.create(db, name, scopes);
      return `created staff token ${id} "${name}" (${scopes.join(', ')})\n${token}\nKeep it now: it cannot be shown again.`;
    },
  },
  'staff-token:revoke': {
    usage: 'ID',
    async run({ db, args }) {
      const id = Number(args[0]);
      if (!Number.isSafeInteger(id) || id < 1) throw new Error('give the token id (see staff-token:list)');
      if (!(await staffTokens.revoke(db, id))) throw new Error(`no live staff token ${id}`);
      return `revoked staff token ${id}`;
    },
  },
  'staff-token:list': {
    usage: '',
    async run({ db }) {
      const rows = await staffTokens.list(db);
      const lines = rows.map((t) =>
        [
          t.id,
          t.name,
          t.scopes.join(','),
          t.created_at.toISOString(),
          t.last_used_at?.toISOString() ?? '-',
          t.revoked_at ? `revoked ${t.revoked_at.toISOString()}` : 'live',
        ].join('\t'),
      );
      return ['id\tname\tscopes\tcreated\tlast used\tstate', ...lines].join('\n');
    },
  },
};
