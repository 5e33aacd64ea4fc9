import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/**
 * Answers the steady state of one route before Fastify sees the request, or returns false to hand
 * the request on. `query` is what follows `?` in the URL ('' when nothing does).
 */
export type HotPath = (req: IncomingMessage, res: ServerResponse, query: string) => boolean;

/** The options Fastify hands its serverFactory, as far as an HTTP/1.1 server uses them. */
interface FactoryOptions {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket?: number | null;
}

/**
 * The HTTP server's front door for the few requests polled so often that Fastify's per-request
 * work (request and reply objects, logger, hooks, validation) is most of what they cost: SPEC §9's
 * status poll, sent every 2 s by every open instance page.
 *
 * A hot path belongs to a route registered in Fastify as usual (schemas, API reference, every
 * error) and answers only that route's steady state, synchronously, from what the route itself
 * keeps in memory, with the same bytes the route would send. Anything else returns false and goes
 * through Fastify to the route: a first request, an unknown or ended session, another customer's
 * id, a refused rate limit, a query the route would have to validate, and every request once the
 * server is closing.
 */
export class HotPaths {
  private readonly paths = new Map<string, HotPath>();
  private closing = false;
  /** Requests answered here rather than by Fastify. */
  answered = 0;

  /** Adds the hot path of `GET pathname`. */
  add(pathname: string, path: HotPath): void {
    this.paths.set(pathname, path);
  }

  /** From now on every request goes through Fastify (which answers 503 while closing). */
  close(): void {
    this.closing = true;
  }

  /** Fastify's `serverFactory`: its own HTTP/1.1 server, with this door in front of its handler. */
  readonly serverFactory: FastifyServerFactory = (handler, opts) => {
    const o = opts as unknown as FactoryOptions;
    const server: Server = createServer(o.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    // What Fastify sets on the server it makes itself (its options arrive with their defaults).
    server.keepAliveTimeout = o.keepAliveTimeout;
    server.requestTimeout = o.requestTimeout;
    server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };

  private answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing || req.method !== 'GET' || this.paths.size === 0) return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = this.paths.get(q < 0 ? url : url.slice(0, q));
    if (!path || !path(req, res, q < 0 ? '' : url.slice(q + 1))) return false;
    this.answered++;
    return true;
  }
}
