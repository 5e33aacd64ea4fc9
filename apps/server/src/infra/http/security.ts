import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Api } from '../lib/api.js';
import { DOCS_PREFIX } from './openapi.js';

/** The Content-Security-Policy the SPA is built to pass: no inline scripts, nothing third-party. */
export const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine injects its CSS variables through <style> tags.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: for ticket attachments: their route needs the ssid header, so the page fetches the bytes
  // and shows images from blob URLs it made itself.
  imgSrc: ["'self'", 'data:', 'blob:'],
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
 * What an API answer (JSON, never a document) needs, after OWASP's REST security cheat sheet: no
 * sniffing, no framing, nothing loaded on its behalf, not readable by other origins' no-cors
 * requests, HSTS behind HTTPS. Helmet's other headers only mean something for HTML documents, and
 * each header costs every answer its validation and bytes (the status route is polled by every
 * open instance page every 2 s). `Cache-Control: no-store`: an answer is one customer's, and a
 * shared cache in front (a CDN, a corporate proxy) must never keep it or serve it to another
 * another customer's answer; a route may still say more (`private, no-store` on downloads).
 */
export function apiSecurityHeaders(opts: SecurityOptions): [string, string][] {
  return [
    ['cache-control', 'no-store'],
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ...(opts.https
      ? ([['strict-transport-security', 'max-age=31536000; includeSubDomains']] as [string, string][])
      : []),
  ];
}

/** The JSON API: everything under /api/ except the API reference's pages, which are documents. */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX);

/**
 * Helmet's headers on every document, the API's own set (apiSecurityHeaders) on API answers.
 * @fastify/helmet built Helmet anew on every request (CSP parsing included, about 20 µs); the
 * headers are the same each time, so they are computed once. They go into the reply's own headers
 * (lower-cased, like every header Fastify sends) at the first onRequest hook, where Helmet wrote
 * them to the raw response: a route can still override them, and Node writes them in one pass with
 * the rest instead of merging two header sets through setHeader.
 */
export async function installSecurity(app: Api, opts: SecurityOptions) {
  const secure = securityHeaderSetter(opts);
  app.addHook('onRequest', (req, reply, done) => {
    secure(req, reply);
    done();
  });
}

/**
 * Puts the headers of `req`'s kind (a document or the API) on its reply. Also for the answers Fastify
 * gives before any route or hook runs (a malformed URL, an over-long path parameter: `frameworkErrors`).
 */
export function securityHeaderSetter(opts: SecurityOptions) {
  const { set, remove } = securityHeaders(opts);
  const page = set.map(([name, value]) => [name.toLowerCase(), value] as const);
  const api = apiSecurityHeaders(opts);
  return (req: FastifyRequest, reply: FastifyReply) => {
    for (let i = 0; i < remove.length; i++) reply.raw.removeHeader(remove[i]!);
    const headers = isApi(req.url) ? api : page;
    for (let i = 0; i < headers.length; i++) void reply.header(headers[i]![0], headers[i]![1]);
  };
}
