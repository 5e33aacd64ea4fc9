/** Every server error code (docs/product/README.md#api-conventions); the web app has a translated text for each. */
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
  // Extensions of the catalogue, documented in README.md's API section, for what no code of the
  // catalogue names: a failure that is neither the database nor the session store (a 5xx), and a
  // backup, snapshot or firewall rule beyond the product's quota, also a customer's attachment
  // storage; and an upload refused because the server's disk is nearly full.
  'internal_error',
  'quota_exceeded',
  'storage_full',
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
  // The new password typed again differs (with the code passwords_mismatch).
  'passwords_mismatch',
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
  // A top-up outside the operator's limits.
  'amount_too_small',
  'amount_too_large',
  // Ticket messages (docs/product/tickets.md#rules-ticket_limits-packagescontractsrcticketsts), and
  // attachments beyond the limits or of a refused type.
  'ticket_content_empty',
  'ticket_content_too_large',
  'too_many_attachments',
  'attachment_too_large',
  'attachment_type',
  // The customer's attachments already use their whole storage quota (with quota_exceeded).
  'attachment_quota',
] as const;
export type FieldError = (typeof FIELD_ERRORS)[number];

/**
 * Why a promotion code was refused (docs/product/deploy.md#promotion-codes), in
 * `fields.PromotionCode` of invalid_promotion_code. A type only: a list here would ship with every
 * page (this module is in the sign-in page's first download, which has a budget); each reason's
 * text is under `field.` in the console's strings.
 */
export type PromotionRefusal =
  | 'promotion_unknown'
  | 'promotion_expired'
  | 'promotion_not_started'
  | 'promotion_used_up'
  | 'promotion_already_used'
  | 'promotion_not_applicable';
