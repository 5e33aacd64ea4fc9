/** Structured log fields; callers must never put secrets (tokens, tickets, passwords, bodies) here. */
export type LogFields = Record<string, string | number | boolean | undefined>;

/** The injectable logger: four plain functions so any logging library can be adapted in one line. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const noop = (): void => undefined;

/** A logger that drops everything; the default so the client is silent unless asked. */
export const silentLogger: Logger = { debug: noop, info: noop, warn: noop, error: noop };
