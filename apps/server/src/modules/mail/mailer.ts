import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool.js';
import { AppError } from '../../lib/errors.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table plus a log line. */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: Logger }): Mailer {
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
      // Without SMTP the outbox is the only way to read a code, so the log carries the mail.
      opts.log.info({ to: mail.to, subject: mail.subject, body: mail.text }, 'mail kept in the outbox (no SMTP_URL)');
    },
    close: () => undefined,
  };
}
