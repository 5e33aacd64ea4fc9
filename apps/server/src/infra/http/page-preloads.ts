import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@nimbus/contract';
import { z } from 'zod';

const files = z.array(z.string().regex(/^assets\/[\w.-]+$/));

/**
 * What the web build writes to dist/.vite/route-chunks.json (apps/web/vite.config.ts, routeChunks):
 * for each route file under src/routes, the chunks and style sheets its page needs beyond the
 * entry's, and whether it loads the console's strings (the signed-in layout); for each language,
 * its strings' chunks.
 */
const RouteChunks = z.object({
  routes: z.record(z.string(), z.object({ js: files, css: files, console: z.boolean() })),
  locales: z.record(z.string(), z.object({ public: files, console: files })),
});

/** A page: a route file no other route nests in, its URL segments and the route files it renders in. */
interface Page {
  segments: string[];
  chain: string[];
}

/**
 * The `<link>`s that start a page's code and strings loading with the document: without them the
 * entry finds the language when it runs, the router the page's chunk after that, and that chunk its
 * imports, each one more round trip before the first paint (docs/benchmarks.md, Lighthouse). Null
 * when the build has no readable route-chunks.json (built before it existed, or not by this
 * version: `unreadable` is told why): the page then loads as before.
 */
export function pagePreloads(
  dist: string,
  unreadable: (why: string) => void = () => {},
): ((url: string, locale: Locale) => string) | null {
  const file = path.join(dist, '.vite', 'route-chunks.json');
  if (!existsSync(file)) return null;
  let chunks: z.infer<typeof RouteChunks>;
  try {
    chunks = RouteChunks.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    unreadable(e instanceof Error ? e.message : String(e));
    return null;
  }
  const routes = Object.keys(chunks.routes);
  // File-based routing: `_name` is a layout without a path, `index` its folder's own page, `$name` a
  // parameter and `$` the rest of the path.
  const pages: Page[] = routes
    .filter((route) => !routes.some((other) => other.startsWith(`${route}/`)))
    .map((route) => {
      const parts = route.split('/');
      return {
        segments: parts.filter((p) => !p.startsWith('_') && p !== 'index'),
        chain: parts.map((_, i) => parts.slice(0, i + 1).join('/')).filter((r) => r in chunks.routes),
      };
    });
  const cache = new Map<string, string>();
  return (url, locale) => {
    const page = bestPage(pages, url.split('?')[0]!.split('/').filter(Boolean));
    const chain = (page?.chain ?? []).map((r) => chunks.routes[r]!);
    const key = `${page?.chain.at(-1) ?? ''} ${locale}`;
    let links = cache.get(key);
    if (links === undefined) {
      const strings = chunks.locales[locale];
      const js = new Set([
        ...(strings?.public ?? []),
        ...(chain.some((r) => r.console) ? (strings?.console ?? []) : []),
        ...chain.flatMap((r) => r.js),
      ]);
      const css = new Set(chain.flatMap((r) => r.css));
      links = [
        ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ...[...css].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
      ].join('\n    ');
      cache.set(key, links);
    }
    return links;
  };
}

/** The page a path shows: the most specific match (a fixed segment over a parameter over the rest). */
function bestPage(pages: Page[], path: string[]): Page | undefined {
  let best: { page: Page; score: number } | undefined;
  for (const page of pages) {
    const score = matchScore(page.segments, path);
    if (score !== null && (!best || score > best.score)) best = { page, score };
  }
  return best?.page;
}

function matchScore(segments: string[], path: string[]): number | null {
  let score = 0;
  for (const [i, segment] of segments.entries()) {
    // The rest of the path: below any page that matches it segment for segment ('/' included).
    if (segment === '$') return score - 1;
    if (i >= path.length) return null;
    if (segment.startsWith('$')) score += 1;
    else if (segment === path[i]) score += 2;
    else return null;
  }
  return segments.length === path.length ? score : null;
}
