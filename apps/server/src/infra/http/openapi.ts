import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SESSION_HEADER } from '@nimbus/contract';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Api } from '../lib/api.js';

export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * Collects every route's zod schemas into an OpenAPI 3.1 document, served at /api/openapi.json,
 * and a Swagger UI reference at /api/docs (served from node_modules, no inline script, so it
 * works under the console's CSP). Must be installed before the routes it documents.
 */
export async function installOpenApi(app: Api, opts: { brand: string; publicUrl: string; logo?: Buffer }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${opts.brand} API`,
        version: '1',
        description:
          'The customer API of the console. Answers carry their content in `data`; errors carry a `code` (see the Error schema). Send the session id from `POST /api/login` in the `ssid` header.',
      },
      servers: [{ url: opts.publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: SESSION_HEADER },
          staffToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An operator token from `npm run admin -- staff-token:create`, for the staff API under /api/staff/.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: true, defaultModelsExpandDepth: 0 },
    staticCSP: false,
    theme: { title: `${opts.brand} API reference` },
    ...(opts.logo ? { logo: { type: 'image/svg+xml', content: opts.logo, href: '/', target: '_self' as const } } : {}),
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
