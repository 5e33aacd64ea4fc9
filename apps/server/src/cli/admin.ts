import { loadConfig } from '../infra/config/env.js';
import { openDatabase } from '../infra/lib/bootstrap.js';
import { setupModules } from '../modules.js';
import { createLogger } from '../infra/lib/logger.js';
import { parseArgs } from './args.js';
import { billingCommands } from './commands/billing.js';
import { affiliateCommands } from './commands/affiliate.js';
import { backupCommands } from './commands/backup.js';
import { catalogCommands } from './commands/catalog.js';
import { computeCommands } from './commands/compute.js';
import { promotionCommands } from './commands/promotions.js';
import { renewalCommands } from './commands/renewals.js';
import { staffCommands } from './commands/staff.js';
import { noticeCommands } from './commands/notices.js';
import { ticketCommands } from './commands/tickets.js';
import type { Command } from './commands/types.js';
import { userCommands } from './commands/users.js';

const commands: Record<string, Command> = {
  ...userCommands,
  ...catalogCommands,
  ...promotionCommands,
  ...renewalCommands,
  ...billingCommands,
  ...affiliateCommands,
  ...staffCommands,
  ...noticeCommands,
  ...ticketCommands,
  ...computeCommands,
  ...backupCommands,
};

const USAGE = `Usage: npm run admin -- <command> [arguments]

${Object.entries(commands)
  .map(([name, c]) => `  ${name} ${c.usage}`.trimEnd())
  .join('\n')}
`;

async function run(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(USAGE);
    return name ? 2 : 0;
  }
  const { flags, args } = parseArgs(rest, command.switches);
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase(config, log, { join: true });
  try {
    // Commands pay and refund invoices (invoice:cancel --refund, renewals:run): the same hooks as the server.
    await setupModules({ config, db: database.db });
    process.stdout.write(`${await command.run({ db: database.db, config, flags, args })}\n`);
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
