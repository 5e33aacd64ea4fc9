import type { ErrorBody } from '@nimbus/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import type { Api } from '../lib/api.js';
import { poolExhausted } from '../db/pool.js';
import { AppError } from '../lib/errors.js';

function body(e: AppError): ErrorBody {
  return { code: e.code, message: e.message, data: null, ...(e.fields ? { fields: e.fields } : {}) };
}

/** The one error handler: known errors keep their code, everything else is a 5xx without details. */
export function installErrorHandler(app: Api) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    let e: AppError;
    if (err instanceof AppError) e = err;
    else if (err.statusCode === 429) e = new AppError('rate_limit_exceeded', 429);
    else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      e = new AppError('parse_data_error', 400);
    // PostgreSQL refuses text it cannot store (a NUL character): bad input, not a failure.
    else if (['22021', '22P05'].includes(String((err as { code?: string }).code)))
      e = new AppError('parse_data_error', 400);
    // Every pooled connection stayed busy for connectionTimeoutMillis: busy, not broken.
    else if (poolExhausted(err)) {
      e = new AppError('db_connect_error', 503, undefined, 1);
      req.log.warn('no free database connection; answered 503');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      e = new AppError('parse_data_error', err.statusCode);
    else {
      const dbDown = ['ECONNREFUSED', '57P01', '57P03', '08006', '08001'].includes(
        String((err as { code?: string }).code),
      );
      e = dbDown
        ? new AppError('db_connect_error', 503)
        : err instanceof pg.DatabaseError
          ? new AppError('database_error', 500) // a query PostgreSQL refused
          : new AppError('internal_error', 500);
      req.log.error({ err }, 'request failed');
    }
    if (e.retryAfter) void reply.header('retry-after', String(e.retryAfter));
    return reply.status(e.statusCode).send(body(e));
  });
}

/**
 * Fastify's own answers before any route or hook runs (`frameworkErrors`: a URL that does not
 * decode, a path parameter over the router's length): the error envelope with the status Fastify
 * chose (400, 414), never its default body echoing the URL, and the security headers every answer
 * carries (`secure`).
 */
export function unroutableHandler(secure: (req: FastifyRequest, reply: FastifyReply) => void) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    secure(req, reply);
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
    void reply.status(status).send(body(new AppError('parse_data_error', status)));
  };
}
