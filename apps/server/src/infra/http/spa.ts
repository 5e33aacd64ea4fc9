import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../lib/api.js';
import { AppError } from '../lib/errors.js';
import { requestedLocale } from '../lib/locale.js';
import { pagePreloads } from './page-preloads.js';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Serves the built SPA (precompressed assets, immutable hashes) with an index.html fallback. */
export async function installSpa(app: Api, opts: { dist: string; brand: string }) {
  const indexFile = path.join(opts.dist, 'index.html');
  const index = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replaceAll('__BRAND_NAME__', escapeHtml(opts.brand))
    : null;
  if (index) {
    await app.register(fastifyStatic, {
      root: opts.dist,
      preCompressed: true,
      cacheControl: false,
      index: false,
      wildcard: true,
      allowedPath: (p) => p !== '/index.html',
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  } else {
    app.log.warn({ dist: opts.dist }, 'the web app is not built; run npm run build');
  }
  const preloads = index
    ? pagePreloads(opts.dist, (why) =>
        app.log.warn(
          { dist: opts.dist, why },
          'the web build’s route-chunks.json is unreadable; pages load without preloads',
        ),
      )
    : null;
  /** The document for the page at `req.url`, naming that page's chunks and strings when the build lists them. */
  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
    const locale = requestedLocale(
      (req.query as Record<string, unknown> | undefined)?.lang,
      req.headers.cookie,
      req.headers['accept-language'],
    );
    const links = preloads?.(req.url, locale);
    const html = links ? index!.replace('</head>', `  ${links}\n  </head>`) : index;
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  // The page, not an API operation: kept out of /api/openapi.json like the static files.
  if (index) app.get('/', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const wantsPage = req.method === 'GET' && !url.startsWith('/api/') && url !== '/api' && !path.extname(url);
    if (!wantsPage || !index) throw new AppError('db_no_record', 404);
    return sendIndex(req, reply);
  });
}
