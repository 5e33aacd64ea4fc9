import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
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

export async function installSecurity(app: Api, opts: { https: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP, ...(opts.https ? { upgradeInsecureRequests: [] } : {}) },
    },
    hsts: opts.https ? { maxAge: 31_536_000 } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
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
