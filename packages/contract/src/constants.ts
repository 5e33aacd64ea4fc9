/** Business constants, shared by server and web (docs/product/README.md#web-client-behaviour and the area pages). */
export const TOAST_MS = 1500;
export const ERROR_TOAST_MS = 2000;
export const WARNING_MS = 3000;
export const LOGOUT_REDIRECT_MS = 750;

export const DASHBOARD_LIMITS = {
  instances: 8,
  invoices: 4,
  tickets: 4,
  ticketTypes: 4,
  notices: 4,
} as const;

export const QUERY = {
  staleMs: 5_000,
  prefetchStaleMs: 10_000,
  readRetries: 3,
  readRetryDelayMs: 333,
  mutationCacheMs: 60_000,
  sessionStaleMs: 30_000,
  /** The product catalogue is cached 10 s, a product's templates 30 s. */
  catalogueStaleMs: 10_000,
  templatesStaleMs: 30_000,
} as const;

/** Verification codes: 6 digits, valid 10 minutes, 5 tries, one resend a minute. */
export const CODE = {
  length: 6,
  ttlSeconds: 600,
  maxAttempts: 5,
  resendSeconds: 60,
} as const;

export const PASSWORD = { min: 8, max: 128 } as const;
export const PROFILE_FIELD_MAX = 128;
export const EMAIL_MAX = 254;

/** SSH keys (docs/product/accounts.md#ssh-keys): name and key text lengths, and how many one customer may keep. */
export const SSH_KEY = { nameMax: 256, publicKeyMax: 1024, maxPerUser: 100 } as const;

export const LOCALES = ['en_US', 'zh_CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'theme';
export const LOCALE_STORAGE_KEY = 'locale';
export const SESSION_STORAGE_KEY = 'session';
export const SESSION_HEADER = 'ssid';

/**
 * Greeting by hour (docs/product/README.md#the-shell-and-the-dashboard): morning 5–12, noon 12–14,
 * afternoon 14–18, evening 18–23.
 */
export type Greeting = 'morning' | 'noon' | 'afternoon' | 'evening' | 'night';
export function greetingFor(hour: number): Greeting {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 14) return 'noon';
  if (hour >= 14 && hour < 18) return 'afternoon';
  if (hour >= 18 && hour < 23) return 'evening';
  return 'night';
}

/** Hostnames and their default ("ECS-" plus 6 random alphanumerics). */
export const HOSTNAME = {
  min: 2,
  max: 63,
  pattern: /^[A-Za-z][A-Za-z0-9-]*$/,
  prefix: 'ECS-',
  randomLength: 6,
} as const;
/** Linux user names cloud-init accepts. */
export const USERNAME = { max: 32, pattern: /^[a-z_][a-z0-9_-]*$/ } as const;
export const INSTANCE_PASSWORD_MAX = 128;
/**
 * Reverse DNS names: a fully qualified name of labels of letters, digits and hyphens. Here, not
 * beside NetworkBody, so the web can check it without bundling the request schemas.
 */
export const REVERSE_DNS = {
  max: 253,
  pattern: /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}\.?$/,
} as const;
/** The generated password's length. */
export const GENERATED_PASSWORD_LENGTH = 16;
export const PROMO_CODE_MAX = 64;
/** Polling of the deploy task (200 ms) and the reinstall task (250 ms). */
export const POLL = { deployTaskMs: 200, reinstallTaskMs: 250, instanceStatusMs: 2000 } as const;
export const PROMO_WARNING_MS = 2000;
/** The header that makes a create or money-moving mutation safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Instance statuses (docs/product/instances.md#statuses-instance_statuses-constantsts); `any` is
 * the list filter's "all", not a status.
 */
export const INSTANCE_STATUSES = [
  'available',
  'cancelled',
  'creating',
  'recreating',
  'destroyed',
  'open',
  'paused',
  'pending',
] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
