import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import helmet, { type HelmetOptions } from 'helmet';
import type { Api } from '../lib/api.js';
import { AppError } from '../lib/errors.js';

/** The Content-Security-Policy the SPA is built to pass: no inline scripts, nothing third-party. */
export const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine injects its CSS variables through <style> tags.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export interface SecurityOptions {
  https: boolean;
  /** Stripe is configured with a publishable key: /billing loads Stripe.js, which frames and calls Stripe. */
  stripeJs?: boolean;
}

/** The CSP with what Stripe.js needs, only when the console loads it. */
export function cspOf(opts: SecurityOptions) {
  if (!opts.stripeJs) return CSP;
  return {
    ...CSP,
    scriptSrc: [...CSP.scriptSrc, 'https://js.stripe.com'],
    frameSrc: ["'self'", 'https://js.stripe.com'],
    connectSrc: [...CSP.connectSrc, 'https://api.stripe.com'],
  };
}

/** Helmet's options for the console: the CSP above, HSTS behind HTTPS, no COEP. */
export function helmetOptions(opts: SecurityOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...cspOf(opts), ...(opts.https ? { upgradeInsecureRequests: [] } : {}) },
    },
    hsts: opts.https ? { maxAge: 31_536_000 } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * What Helmet does to a response with these options, recorded once: the headers it sets, in order,
 * and the ones it removes. None of our directives depend on the request (no nonces), so every
 * response gets the same ones.
 */
export function securityHeaders(opts: SecurityOptions): { set: [string, string][]; remove: string[] } {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const res = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void remove.push(name),
  };
  helmet(helmetOptions(opts))({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set, remove };
}

/**
 * Helmet's headers on every response. @fastify/helmet built Helmet anew on every request (CSP
 * parsing included, about 20 µs); the headers are the same each time, so they are computed once.
 * They go into the reply's own headers (lower-cased, like every header Fastify sends) at the first
 * onRequest hook, where Helmet wrote them to the raw response: a route can still override them, and
 * Node writes them in one pass with the rest instead of merging two header sets through setHeader.
 */
export async function installSecurity(app: Api, opts: SecurityOptions) {
  const { set, remove } = securityHeaders(opts);
  const names = set.map(([name]) => name.toLowerCase());
  const values = set.map(([, value]) => value);
  app.addHook('onRequest', (_req, reply, done) => {
    for (let i = 0; i < remove.length; i++) reply.raw.removeHeader(remove[i]!);
    for (let i = 0; i < names.length; i++) void reply.header(names[i]!, values[i]);
    done();
  });
}

/** The per-address request budget of the API; answers 429 rate_limit_exceeded. */
export async function installApiRateLimit(app: Api, perMinute: number) {
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) => new AppError('rate_limit_exceeded', 429, undefined, Math.ceil(ctx.ttl / 1000)),
  });
}
