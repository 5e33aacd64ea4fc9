import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import type { Db } from '../db/pool.js';
import type { Mailer } from '../modules/mail/mailer.js';
import type { Throttle } from '../modules/throttle/throttle.js';

/** What every service needs, built once per process. */
export interface Context {
  config: Config;
  db: Db;
  mailer: Mailer;
  throttle: Throttle;
  log: Logger;
}

/** Who is calling: the address for throttling and the user agent for the session record. */
export interface Caller {
  ip: string;
  userAgent: string;
}
