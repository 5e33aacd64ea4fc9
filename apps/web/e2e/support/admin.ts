import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { E2E } from './ports';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * Runs the admin CLI against the running end-to-end server's embedded database, mailing through the
 * same SMTP catcher as the server (e.g. ticket:reply's mail to the customer).
 */
export function adminCli(...args: string[]): string {
  const r = spawnSync(process.execPath, ['scripts/admin.mjs', ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: E2E.dataDir,
      DATA_DIR_MIN_FREE_MB: '1',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
    },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}
