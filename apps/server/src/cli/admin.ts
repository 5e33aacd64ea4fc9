import { EmailField, formatMinor, parseMinor, PasswordField } from '@nimbus/contract';
import { loadConfig } from '../config/env.js';
import { withTx } from '../db/pool.js';
import { openDatabase, type Database } from '../lib/bootstrap.js';
import { createLogger } from '../lib/logger.js';
import { createUser } from '../modules/users/create.js';
import { post } from '../modules/users/ledger.js';
import { users } from '../modules/users/repository.js';
import { need, parseFlags } from './args.js';

const USAGE = `Usage: npm run admin -- <command> [flags]

  user:create --email E --password P [--balance N] [--first-name F] [--last-name L]
  user:balance --email E --add N --note T      (N may be negative, e.g. -5.25)
  user:list
`;

function money(text: string, flag: string): number {
  const v = parseMinor(text);
  if (v === null) throw new Error(`--${flag} must be an amount such as 10 or 10.50`);
  return v;
}

type Command = (db: Database['db'], flags: Record<string, string>, currency: string) => Promise<string>;

const commands: Record<string, Command> = {
  'user:create': async (db, f, currency) => {
    const email = EmailField.parse(need(f, 'email'));
    const password = PasswordField.safeParse(need(f, 'password'));
    if (!password.success) throw new Error('--password must be 8 to 128 characters');
    const balance = f.balance ? money(f.balance, 'balance') : 0;
    if (balance < 0) throw new Error('--balance cannot be negative');
    const user = await withTx(db, async (tx) => {
      const u = await createUser(tx, {
        email,
        password: password.data,
        currency,
        firstName: f['first-name'],
        lastName: f['last-name'],
      });
      if (balance > 0) await post(tx, u.id, 'adjustment', balance, 'Initial balance');
      return u;
    });
    return `created user ${user.id} ${user.email} with balance ${formatMinor(balance)} ${currency}`;
  },
  'user:balance': async (db, f) => {
    const email = EmailField.parse(need(f, 'email'));
    const amount = money(need(f, 'add'), 'add');
    const note = need(f, 'note');
    const user = await users.byEmail(db, email);
    if (!user) throw new Error(`no user with email ${email}`);
    const after = await withTx(db, (tx) => post(tx, user.id, 'adjustment', amount, note));
    return `${user.email}: balance ${formatMinor(after)} ${user.currency.trim()}`;
  },
  'user:list': async (db) => {
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
};

async function run(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(USAGE);
    return name ? 2 : 0;
  }
  const flags = parseFlags(rest);
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase(config, log, { join: true });
  try {
    process.stdout.write(`${await command(database.db, flags, config.CURRENCY)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const issues = (err as { issues?: { message: string }[] }).issues;
    const text = issues
      ? `invalid value: ${issues.map((i) => i.message).join(', ')}`
      : err instanceof Error
        ? err.message
        : String(err);
    process.stderr.write(`error: ${text}\n`);
    process.exit(1);
  },
);
