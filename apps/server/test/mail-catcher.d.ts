export interface CaughtMail {
  to: string[];
  raw: string;
  subject: string;
}
/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read codes from. */
export declare class MailCatcher {
  readonly mails: CaughtMail[];
  private server;
  port: number;
  start(port?: number): Promise<this>;
  get url(): string;
  /** The newest mail to an address. */
  last(to: string): CaughtMail | undefined;
  /** The six-digit code of the newest mail to an address (taken from its subject). */
  code(to: string): string | undefined;
  stop(): Promise<void>;
}
