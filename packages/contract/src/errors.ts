/** Every server error code of SPEC §8; the web app has a translated text for each. */
export const ERROR_CODES = [
  'access_denied',
  'balance_not_enough',
  'create_payment_error',
  'database_error',
  'db_connect_error',
  'db_no_record',
  'email_exist',
  'finish_invoice_error',
  'get_instance_error',
  'get_product_error',
  'get_session_error',
  'instance_not_exist',
  'invalid_option',
  'invalid_promotion_code',
  'invalid_session',
  'mail_sending_failed',
  'marshal_config_error',
  'need_login',
  'need_recaptcha',
  'out_of_stock',
  'parse_config_error',
  'parse_data_error',
  'passwords_mismatch',
  'rate_limit_exceeded',
  'user_not_exist',
  'wrong_code',
  'wrong_cycle',
  'wrong_email',
  'wrong_password',
  'wrong_search_data',
  'wrong_status',
  // Not in SPEC §8 but needed by every API: a generic internal failure and an unknown route.
  'internal_error',
  'not_found',
  // Issue 8: a backup or snapshot beyond the product's quota.
  'quota_exceeded',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Validation message keys carried in `fields`; the web app translates each. */
export const FIELD_ERRORS = [
  'required',
  'invalid_value',
  'incorrect_length',
  'invalid_email',
  'invalid_code',
  'password_too_short',
  'password_too_long',
  'must_agree_terms',
  'invalid_hostname',
  'invalid_username',
  'password_or_key',
  'key_reused',
  'invalid_public_key',
  'duplicate_key',
  'hostname_mismatch',
  'invalid_address',
  'invalid_port',
  'ports_need_protocol',
  'invalid_snapshot_name',
  'name_taken',
  // Issue 9: a top-up outside the operator's limits.
  'amount_too_small',
  'amount_too_large',
] as const;
export type FieldError = (typeof FIELD_ERRORS)[number];
