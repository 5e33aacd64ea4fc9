import { createLogger } from '../../infra/lib/logger.js';
import { Jobs } from '../../infra/jobs/jobs.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { setupModules } from '../../modules.js';
import { runRenewals } from '../../domains/renewals/pass.js';
import { RENEWAL_QUEUE } from '../../domains/renewals/schedule.js';
import { TASK_QUEUE } from '../../infra/tasks/runner.js';
import type { Command } from './types.js';

export const renewalCommands: Record<string, Command> = {
  'renewals:run': {
    usage: '(one renewal pass now: invoices, auto-renew, suspensions, destructions; the workers run the VM tasks)',
    async run({ db, config }) {
      const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
      const mailer = createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        db,
        log,
        logMail: config.DEMO_ACCOUNT,
      });
      // Only sends jobs: the server's workers run the stop, start and destroy tasks it queues.
      const idle = () => Promise.resolve();
      const jobs = await Jobs.start(db, log, 'api', [
        { name: TASK_QUEUE, concurrency: 1, handler: idle },
        { name: RENEWAL_QUEUE, concurrency: 1, handler: idle },
      ]);
      // Auto-renew pays here, so the paid hook (the due date moved on) must run here too.
      await setupModules({ config, db, jobs });
      try {
        const r = await runRenewals({ config, db, mailer, log, jobs });
        return [
          `invoiced ${r.invoiced}, auto-paid ${r.autoPaid} (${r.autoPayFailed} short of balance)`,
          `suspended ${r.suspended}, destroying ${r.destroyed}, power tasks ${r.powered}`,
          `orphan invoices cancelled ${r.cancelled}, mails sent ${r.mailed}`,
        ].join('\n');
      } finally {
        mailer.close();
        await jobs.stop();
      }
    },
  },
};
