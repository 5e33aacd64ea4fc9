import type { ErrorCode } from '@nimbus/contract';

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  wrong_password: 'Incorrect email or password.',
  wrong_code: 'Incorrect email or verification code.',
  mail_sending_failed: 'Failed to send verification code.',
  email_exist: 'This email address is already registered.',
  need_login: 'Please sign in first.',
  invalid_session: 'Invalid session, please sign in again.',
  access_denied: 'Access denied.',
  rate_limit_exceeded: 'Too many requests, please try again later.',
  need_recaptcha: 'Please complete the human verification.',
  parse_data_error: 'The request is invalid.',
  user_not_exist: 'User not found.',
  db_no_record: 'Not found.',
  internal_error: 'Internal server error.',
  database_error: 'A database query failed.',
  db_connect_error: 'The database is unavailable.',
  balance_not_enough: 'Balance not enough: top up first.',
  out_of_stock: 'This product is out of stock.',
  invalid_promotion_code: 'The promotion code is invalid or does not apply.',
  wrong_cycle: 'This billing cycle is not available for the product.',
  get_product_error: 'The product is not available.',
  invalid_option: 'This option is not available.',
  wrong_status: 'The instance cannot do that in its current state.',
  instance_not_exist: 'Instance not found (contact admin or open a ticket).',
  get_instance_error: 'The instance could not be read.',
  quota_exceeded: 'The quota of the plan is reached.',
  storage_full: 'The server is short of disk space; uploads are refused for now.',
  get_session_error: 'The session could not be read, please try again later.',
  wrong_search_data: 'The query string is invalid.',
  passwords_mismatch: 'The passwords do not match.',
  marshal_config_error: 'The configuration could not be stored.',
  parse_config_error: 'The stored configuration could not be read.',
  create_payment_error: 'The payment could not be started, please try again later.',
  finish_invoice_error: 'This invoice cannot be paid this way.',
};

/** An error the API answers with the error envelope (docs/product/README.md, "API conventions"). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly fields?: Record<string, string>,
    readonly retryAfter?: number,
  ) {
    super(MESSAGES[code] ?? code.replace(/_/g, ' '));
  }
}

/**
 * `passwords_mismatch`: a request's new password and its `ConfirmPassword`, when sent,
 * differ. The field names where to show it.
 */
export function assertPasswordsMatch(password: string, confirm: string | undefined): void {
  if (confirm !== undefined && confirm !== password) {
    throw new AppError('passwords_mismatch', 400, { ConfirmPassword: 'passwords_mismatch' });
  }
}

export const badRequest = (fields: Record<string, string>) => new AppError('parse_data_error', 400, fields);

/** instance_not_exist: a missing instance, or another customer's (never "forbidden"), on every instance route. */
export const instanceNotFound = () => new AppError('instance_not_exist', 404);
