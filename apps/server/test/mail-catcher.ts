import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
  subject: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read codes from. */
export class MailCatcher {
  readonly mails: CaughtMail[] = [];
  /** Awaited before a mail is accepted: a test looks at the console while SMTP "thinks". */
  beforeAccept: (() => Promise<void>) | null = null;
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        await this.beforeAccept?.();
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, subject });
        done();
      });
    },
  });
  port = 0;

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    const addr = this.server.server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The newest mail to an address. */
  last(to: string): CaughtMail | undefined {
    return this.mails.filter((m) => m.to.includes(to.toLowerCase())).at(-1);
  }

  /** The six-digit code of the newest mail to an address (taken from its subject). */
  code(to: string): string | undefined {
    return /\b(\d{6})\b/.exec(this.last(to)?.subject ?? '')?.[1];
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
