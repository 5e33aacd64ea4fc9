import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';
import { logOrigin } from './request-context.js';

/**
 * Strips secrets that may ride in a URL: the third-party login return carries code and state,
 * /login its one-time oauth_code (an ssid when another server made the link), a sandbox payment link t,
 * a console socket its single-use ticket (and Proxmox's vncticket).
 */
export const redactUrl = (url: string) =>
  url.replace(/([?&](?:ssid|token|code|oauth_code|state|t|ticket|vncticket)=)[^&]*/gi, '$1[redacted]');

/** Structured JSON logs; session ids, cookies and passwords never reach them. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    // A job's lines carry the id of the request that started it.
    mixin: logOrigin,
    redact: {
      paths: ['req.headers.ssid', 'req.headers.cookie', 'req.headers.authorization', '*.Password', '*.NewPassword'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      err: pino.stdSerializers.err,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

type LogArgs = Parameters<Logger['info']>;

/**
 * A request's logger that becomes a pino child only when a line passes its level. Fastify makes a
 * child per request; most requests log nothing of their own (a status poll, at warn, never does),
 * and building the child (bindings serialised, methods bound to a level) was about a microsecond of
 * every such request. What is written is the child's output exactly.
 */
export class LazyChildLogger {
  #real: Logger | undefined;
  readonly #threshold: number;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {
    this.#threshold = opts.level ? (parent.levels.values[opts.level] ?? Infinity) : parent.levelVal;
  }

  /** The pino child itself, made on first need. */
  #materialise(): Logger {
    return (this.#real ??= this.parent.child(this.bindings, this.opts));
  }

  #write(method: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal', args: LogArgs): void {
    if (!this.#real && (this.parent.levels.values[method] ?? 0) < this.#threshold) return;
    (this.#materialise()[method] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return this.#real ? this.#real.level : (this.opts.level ?? this.parent.level);
  }

  set level(level: string) {
    this.#materialise().level = level;
  }

  isLevelEnabled(level: string): boolean {
    if (this.#real) return this.#real.isLevelEnabled(level);
    return (this.parent.levels.values[level] ?? Infinity) >= this.#threshold;
  }

  child(bindings: Bindings, opts?: ChildLoggerOptions): Logger {
    return this.#materialise().child(bindings, opts);
  }

  trace(...args: LogArgs): void {
    this.#write('trace', args);
  }
  debug(...args: LogArgs): void {
    this.#write('debug', args);
  }
  info(...args: LogArgs): void {
    this.#write('info', args);
  }
  warn(...args: LogArgs): void {
    this.#write('warn', args);
  }
  error(...args: LogArgs): void {
    this.#write('error', args);
  }
  fatal(...args: LogArgs): void {
    this.#write('fatal', args);
  }
  silent(): void {}
}

/** Fastify's `childLoggerFactory`: the request's logger, made lazily (see LazyChildLogger). */
export function lazyChildLoggerFactory(logger: unknown, bindings: Bindings, opts: ChildLoggerOptions) {
  return new LazyChildLogger(logger as Logger, bindings, opts) as unknown as FastifyBaseLogger;
}
