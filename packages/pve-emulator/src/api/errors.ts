import type { ParamErrors } from '../schema/types.js';

/** An error answered like pveproxy: status, reason phrase/message and optional per-parameter errors. */
export class PveError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ParamErrors,
  ) {
    super(message);
  }
}

/** A 400 "Parameter verification failed." naming the offending parameters. */
export function paramError(errors: ParamErrors): PveError {
  return new PveError(400, 'Parameter verification failed.', errors);
}

/** A 500 runtime error, the way Proxmox reports most failures of a handler. */
export function fail(message: string): PveError {
  return new PveError(500, message);
}
