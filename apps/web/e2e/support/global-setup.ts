import { createServer } from 'node:http';
import { MailCatcher } from '../../../server/test/mail-catcher';
import { prepareBundles } from '../../../server/test/processes';
import { readMail } from '../../../server/test/read-mail';
import { checkPlaywrightFeatures } from './chromium';
import { E2E } from './ports';

/**
 * Starts a real SMTP server for the console to mail through, and a small HTTP endpoint on
 * 127.0.0.1 from which test workers read what arrived (workers run in other processes).
 */
export default async function globalSetup() {
  await checkPlaywrightFeatures();
  prepareBundles();
  const mail = await new MailCatcher().start(E2E.smtpPort);
  const api = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to') ?? '';
    const last = mail.last(to);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        code: mail.code(to) ?? null,
        subject: last?.subject ?? null,
        // The newest mail as its reader sees it: subject and text with the transfer encodings undone.
        mail: last ? readMail(last.raw) : null,
        count: mail.mails.length,
      }),
    );
  });
  await new Promise<void>((resolve) => api.listen(E2E.mailApiPort, '127.0.0.1', resolve));
  return async () => {
    api.close();
    await mail.stop();
  };
}
