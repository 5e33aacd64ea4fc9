import { z } from 'zod';
import { invoiceEnv } from './invoice-env.js';
import { oauthEnv, oauthProblems } from './oauth-env.js';

/** Parses "7d", "12h", "30m", "45s" or a bare number of seconds into seconds. */
export function parseDuration(text: string): number | null {
  const m = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] ?? ''] ?? 1;
  const seconds = n * unit;
  return seconds > 0 ? seconds : null;
}

const duration = z.string().transform((v, ctx) => {
  const s = parseDuration(v);
  if (s === null) {
    ctx.addIssue({ code: 'custom', message: 'expected a duration like 7d, 12h, 30m or seconds' });
    return z.NEVER;
  }
  return s;
});

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `expected a URL (${protocols.join(' or ')})` },
  );

const minorList = z.string().transform((v, ctx) => {
  const items = v.split(',').map((x) => x.trim());
  if (!items.every((x) => /^[1-9]\d{0,14}$/.test(x))) {
    ctx.addIssue({ code: 'custom', message: 'expected a comma list of amounts in minor units, e.g. 1000,2000' });
    return z.NEVER;
  }
  return items.map(Number);
});

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  // GET /metrics on a port of its own (off when unset), and the bearer token it asks for; with the
  // token set the API's port serves /metrics too, to that token only (docs/operations.md).
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z.string().min(16).max(256).regex(/^\S+$/, 'expected no spaces').optional(),
  // On SIGTERM, how long the readiness check answers 503 before the process stops taking requests.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  BRAND_NAME: z.string().trim().min(1).max(64).default('Nimbus'),
  // Linked from the agreement box on sign-in and sign-up when set.
  TERMS_URL: url(['http:', 'https:']).optional(),
  PRIVACY_URL: url(['http:', 'https:']).optional(),
  SESSION_TTL: duration.default(7 * 86400),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Nimbus <no-reply@localhost>'),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'expected an ISO 4217 code such as USD' })
    .default('USD'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Fastify's trustProxy: all hops (true), a number of hops, or the proxies' addresses/CIDRs.
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (v) =>
        /^(true|false|\d{1,2})$/.test(v) ||
        v.split(',').every((a) => /^([0-9a-fA-F:.]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(a.trim())),
      'true, false, a number of proxy hops, or the proxies’ addresses or CIDRs separated by commas',
    )
    .transform((v): boolean | number | string =>
      v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v,
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // The proof-of-work challenge that sign-in and code requests ask for (need_recaptcha)
  // after repeated failures. The key signs challenges; unset, one is made once and kept in the database.
  CAPTCHA_SECRET: z.string().min(16).optional(),
  // The largest counter a challenge hides (one SHA-256 per try): about CAPTCHA_DIFFICULTY × 0.75 tries.
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  CAPTCHA_TTL: duration.refine((s) => s >= 30 && s <= 3600, { message: 'expected 30s to 1h' }).default(600),
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  DEMO_ACCOUNT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  COMPUTE_CONFIG: z.string().min(1).optional(),
  PVE_EMULATOR_SPEED: z.coerce.number().positive().max(100).default(1),
  CATALOG_FILE: z.string().min(1).optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  // A task that keeps failing to run is retried with a doubling pause, then failed and
  // given back; one run is interrupted (and resumed from its checkpoints) after TASK_RUN_LIMIT.
  TASK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  TASK_RETRY_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  TASK_RUN_LIMIT: duration
    .refine((s) => s >= 1 && s <= 20 * 3600, { message: 'expected at most 20h (the job queue allows 24h)' })
    .default(8 * 3600),
  // Open consoles (VNC and terminal, with the tokens issued for them) per customer and per
  // instance, and how often an open console checks that its session and instance still allow it.
  CONSOLE_MAX_PER_CUSTOMER: z.coerce.number().int().min(1).max(1000).default(10),
  CONSOLE_MAX_PER_INSTANCE: z.coerce.number().int().min(1).max(100).default(4),
  CONSOLE_RECHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  RENEWAL_INVOICE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  RENEWAL_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  RENEWAL_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86400).default(300),
  /** How often the database is compared with the clusters (missing VMs, orphaned VMs); also at start. */
  RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(10).max(86400).default(300),
  // Payments (docs/product/billing.md#top-ups-and-gateways). Amounts in minor units of CURRENCY.
  PAYMENT_GATEWAYS: z.string().optional(),
  TOPUP_MIN: z.coerce.number().int().min(1).default(100),
  TOPUP_MAX: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1_000_000),
  TOPUP_PRESETS: minorList.default([1000, 2000, 5000, 10000]),
  TOPUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_API_BASE: url(['http:', 'https:']).optional(),
  AFFILIATE_RATE: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'expected a percent with at most 2 decimals',
    })
    .default(10),
  AFFILIATE_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  // Ticket attachments (docs/product/tickets.md#attachments): an S3-compatible bucket instead of DATA_DIR/attachments.
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // The attachment bytes one customer may keep (every upload, sent or waiting), and the
  // free space DATA_DIR's disk keeps: an upload to DATA_DIR/attachments that would leave less is
  // refused, so attachments never fill the disk PostgreSQL writes to. 0 turns either off.
  ATTACHMENT_QUOTA_MB: z.coerce.number().int().min(0).max(1_000_000).default(100),
  DATA_DIR_MIN_FREE_MB: z.coerce.number().int().min(0).max(100_000_000).default(1024),
  // Third-party logins (docs/product/accounts.md#third-party-logins): OpenID Connect providers and GitHub.
  ...oauthEnv,
  // The issuer printed on invoices and receipts, and the tax included in prices
  // (docs/product/billing.md#tax-and-documents).
  ...invoiceEnv,
});

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The attachment bucket is all four S3_* settings or none. */
function s3Problems(c: z.infer<typeof EnvSchema>): string[] {
  const missing = S3_REQUIRED.filter((k) => !c[k]);
  return missing.length && missing.length < S3_REQUIRED.length
    ? [`${missing.join(', ')}: needed with the other S3_* settings for attachments in S3`]
    : [];
}

export const GATEWAY_IDS = ['sandbox', 'stripe'] as const;
export type GatewayId = (typeof GATEWAY_IDS)[number];

export type Config = Omit<z.infer<typeof EnvSchema>, 'PAYMENT_GATEWAYS'> & {
  PUBLIC_URL: string;
  /** The gateways customers may pay through, in the order offered. */
  PAYMENT_GATEWAYS: GatewayId[];
};

/** Currencies whose smallest unit is not a hundredth (Stripe's zero- and three-decimal lists). */
const NOT_TWO_DECIMALS = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF BHD JOD KWD OMR TND'.split(' '),
);
const TWO_DECIMALS = (currency: string) => !NOT_TWO_DECIMALS.has(currency.toUpperCase());

/**
 * PAYMENT_GATEWAYS, or its default: Stripe when its key is set; else the sandbox on the embedded
 * demo (emulated compute, no COMPUTE_CONFIG) and no gateway at all beside real clusters, where a
 * gateway that approves whatever the customer asks would mint credit. `none` names no gateway.
 */
function gatewaysOf(c: z.infer<typeof EnvSchema>): { gateways: GatewayId[]; problems: string[] } {
  const fallback = c.STRIPE_SECRET_KEY ? 'stripe' : c.COMPUTE_CONFIG ? 'none' : 'sandbox';
  const value = (c.PAYMENT_GATEWAYS ?? fallback).trim();
  const names = (value === 'none' ? '' : value)
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const problems: string[] = [];
  const gateways = [...new Set(names)].filter((n): n is GatewayId => {
    const known = (GATEWAY_IDS as readonly string[]).includes(n);
    if (!known) problems.push(`PAYMENT_GATEWAYS: unknown gateway ${n} (expected ${GATEWAY_IDS.join(', ')})`);
    return known;
  });
  if (gateways.includes('stripe') && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
    problems.push('PAYMENT_GATEWAYS: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (c.TOPUP_MIN > c.TOPUP_MAX) problems.push('TOPUP_MIN: must not exceed TOPUP_MAX');
  // Amounts are kept in hundredths; Stripe's unit_amount is the currency's own smallest unit.
  if (gateways.includes('stripe') && !TWO_DECIMALS(c.CURRENCY)) {
    problems.push(`PAYMENT_GATEWAYS: stripe needs a currency with two decimals (CURRENCY is ${c.CURRENCY})`);
  }
  return { gateways, problems };
}

/** Validates the environment; throws an Error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const { gateways, problems } = gatewaysOf(c);
  problems.push(...s3Problems(c));
  problems.push(...oauthProblems(c));
  if (problems.length) throw new ConfigError(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    PAYMENT_GATEWAYS: gateways,
    // The demo account (and codes in the log) belongs to the embedded demo only: never beside real clusters.
    DEMO_ACCOUNT: c.DEMO_ACCOUNT && !c.COMPUTE_CONFIG,
  };
}

/**
 * What the operator is told on every start about the configuration: today only the sandbox gateway
 * beside real clusters, where any customer can approve their own top-ups.
 */
export function startWarnings(c: Config): string[] {
  return c.PAYMENT_GATEWAYS.includes('sandbox') && c.COMPUTE_CONFIG
    ? [
        'PAYMENT_GATEWAYS names the sandbox beside real compute (COMPUTE_CONFIG): every customer can approve their own top-ups, so this is credit for nothing. Use it only on a test installation.',
      ]
    : [];
}

export class ConfigError extends Error {}
