import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/pool.js';
import { AppError } from '../lib/errors.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table plus a log line, which
 * carries the mail (its codes) only with `logMail` (the demo account on, DEMO_ACCOUNT): anywhere
 * else whoever reads the info log could sign up as, or reset the password of, any address.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: Logger; logMail: boolean }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
        } catch (err) {
          opts.log.error({ err: (err as Error).message, to: mail.to }, 'mail sending failed');
          throw new AppError('mail_sending_failed', 503);
        }
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(mail) {
      await opts.db.query('insert into mail_outbox (recipient, subject, body) values ($1, $2, $3)', [
        mail.to,
        mail.subject,
        mail.text,
      ]);
      // On the demo the log is the handy way to read a code; elsewhere only the outbox table holds it
      // (the subject names the code too).
      if (opts.logMail) {
        opts.log.info({ to: mail.to, subject: mail.subject, body: mail.text }, 'mail kept in the outbox (no SMTP_URL)');
      } else {
        opts.log.info({ to: mail.to }, 'mail kept in the outbox table (no SMTP_URL)');
      }
    },
    close: () => undefined,
  };
}
