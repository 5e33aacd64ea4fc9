import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { envelope, ErrorBody } from '@nimbus/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors.js';

/** The API's Fastify instance: routes are typed by the zod schemas they declare. */
export type Api = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** Turns zod issues into the `fields` of a 400: one message key (FIELD_ERRORS) per payload field. */
export function validationError(
  error: z.core.$ZodError,
  code: 'parse_data_error' | 'wrong_search_data' = 'parse_data_error',
): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (fields[key]) continue;
    fields[key] = /^[a-z_]+$/.test(issue.message)
      ? issue.message
      : issue.code === 'invalid_type'
        ? 'required'
        : 'invalid_value';
  }
  return new AppError(code, 400, fields);
}

/**
 * Validates params, query and body with the route's zod schemas. A missing body counts as `{}`, so
 * each absent field is named rather than the body as a whole. A bad query string is the catalogue's
 * `wrong_search_data`; bodies, headers and params stay `parse_data_error`.
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = z.safeParse(schema, httpPart === 'body' ? (data ?? {}) : data);
    if (result.success) return { value: result.data };
    return {
      error: validationError(result.error, httpPart === 'querystring' ? 'wrong_search_data' : 'parse_data_error'),
    };
  };

/**
 * A route-level validatorCompiler for what the handler reads and checks itself (a multipart upload,
 * a gateway's signed raw body, a browser's form): its schemas only document it.
 */
export const documentedOnly = () => (data: unknown) => ({ value: data });

/** What every route answers: its `data` on 200, the error envelope on 4xx and 5xx. */
export function replies<T extends z.core.$ZodType>(data: T) {
  return { 200: envelope(data), '4xx': ErrorBody, '5xx': ErrorBody };
}

/** A route as registered, for checks that every route is documented. */
export interface RouteEntry {
  method: string;
  url: string;
  hasResponseSchema: boolean;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in order. */
    routeCatalogue: RouteEntry[];
  }
}

/** Records every route as it is registered (install first, on the root instance). */
export function installRouteCatalogue(app: Api) {
  const catalogue: RouteEntry[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route) => {
    // WebSocket upgrades are no JSON operations; their protocol is in their POST's description.
    if (route.websocket) return;
    const schema = route.schema as { response?: unknown; hide?: boolean } | undefined;
    for (const method of [route.method].flat()) {
      catalogue.push({ method, url: route.url, hasResponseSchema: !!schema?.response, hidden: !!schema?.hide });
    }
  });
}
