import { ERROR_CODES, type ErrorCode } from '@nimbus/contract';

/** Codes the client adds for failures that never reached the server or came back unreadable. */
export type ClientErrorCode = 'network_error' | 'unknown_error';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The one error type every API call throws. `fields` maps payload fields to FIELD_ERRORS keys. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string>;
  /** True when the client already told the user (401, 403, 429): callers should not toast again. */
  readonly handled: boolean;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: Record<string, string> = {},
    handled = false,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.handled = handled;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
