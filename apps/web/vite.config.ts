import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

// Vendor chunks change only when a dependency is upgraded, so browsers keep them across our
// releases. Mantine has none on purpose: Rollup puts every static dependency of a manual chunk
// into it, and Mantine imports through barrels, so a Mantine chunk drags in the menu and
// focus-trap code that the first page loads later (+2.5 kB gzip before /login is usable). Left
// alone, Rollup puts each Mantine module where it is used. Anything listed here loads with the
// entry.
const VENDOR_CHUNKS: [name: string, modules: RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler|use-sync-external-store)\//],
  ['router', /\/node_modules\/@tanstack\/(react-router|router-core|history|store|react-store)\//],
  ['query', /\/node_modules\/@tanstack\/(query-core|react-query)\//],
  // The Mantine components /login renders after the entry (inputs, password, checkbox, alert, close
  // button, list). Left alone, Rollup cut them into a chunk per set of pages sharing them, and the
  // instance pages cut them finer: /login loaded 13 lazy chunks of 0.3–10 kB, each a request and a
  // gzip stream of its own (150.4 kB). Named, they are one chunk however many pages share them;
  // they deep-import Mantine's core, which joins them (149.1 kB). Only component folders here: a
  // module that imports the @mantine/core barrel would take all of Mantine with it.
  [
    'public',
    /\/node_modules\/@mantine\/core\/esm\/(components\/(Input|InputBase|TextInput|PasswordInput|Checkbox|Alert|CloseButton|List)|utils\/(InlineInput|InputsGroupFieldset))\//,
  ],
  // The country flags of regions (0.9 kB), used only by signed-in pages. Under experimentalMinChunkSize
  // below, a chunk this small merges into a neighbour, and which one shifts with unrelated changes:
  // once it was the entry (+0.17 kB gzip before /login is usable). Named, it stays on its own.
  ['flags', /\/src\/components\/flag\.(tsx|module\.css)$/],
];

/**
 * What dist/.vite/route-chunks.json holds (read by apps/server/src/infra/http/page-preloads.ts): file
 * names under dist, without a leading slash.
 */
interface RouteChunks {
  /**
   * By route file under src/routes, without its extension ('_app/dashboard', '_app/instances/$id/index'):
   * what its page needs beyond the entry, and whether it loads the console's strings too.
   */
  routes: Record<string, { js: string[]; css: string[]; console: boolean }>;
  /** By language: the public pages' strings and the signed-in console's. */
  locales: Record<string, { public: string[]; console: string[] }>;
}

/**
 * The signed-in layout (src/routes/_app.tsx): its beforeLoad loads the console's strings and the
 * query client its session check reads through, both lazy parts of the entry, before any of its
 * pages shows. The entry's other lazy parts (the header's menus, the toasts) load once a page shows,
 * and are left to it: named in the document too, they took bandwidth from what the first paint
 * waits for (/login's simulated LCP 2.42 s → 3.12 s).
 */
const CONSOLE_LAYOUT = { route: '_app', parts: /\/src\/lib\/query-client\.ts$/ };

/**
 * Writes dist/.vite/route-chunks.json: for each page (route file), the chunks and style sheets it
 * needs beyond the entry's, and each language's strings. The server names them in the document it
 * serves for a path (`modulepreload`), so they load beside the entry: without that, the entry finds
 * the language when it runs, the router the page's chunk after that, and that chunk its imports,
 * each at least one more round trip before the first paint (docs/benchmarks.md, Lighthouse).
 */
function routeChunks(): Plugin {
  return {
    name: 'nimbus-route-chunks',
    apply: 'build',
    generateBundle(_options, bundle: Rollup.OutputBundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      /** A chunk with every chunk it imports statically, however deep. */
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const next of chunks.get(file)?.imports ?? []) closure(next, into);
        return into;
      };
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) throw new Error('route-chunks: no entry chunk');
      const withEntry = closure(entry.fileName);
      const beyondEntry = (files: string[]) => {
        const js = new Set<string>();
        for (const file of files) for (const f of closure(file)) if (!withEntry.has(f)) js.add(f);
        const css = [...js].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]);
        return { js: [...js].sort(), css: [...new Set(css)].sort() };
      };
      const routeFiles = new Map<string, string[]>();
      const consoleFiles: string[] = [];
      const localeFiles = new Map<string, { public: string[]; console: string[] }>();
      for (const chunk of chunks.values()) {
        for (const id of chunk.moduleIds) {
          // Every route but the root (the entry's own), with the chunk of its component and loader
          // if it has one; its error, not-found and pending parts load only when shown.
          const route = /\/src\/routes\/(.+)\.tsx(?:\?tsr-split=([^&]*))?$/.exec(id);
          if (route && route[1] !== '__root') {
            const files = routeFiles.get(route[1]!) ?? [];
            if (route[2]?.split('---').includes('component')) files.push(chunk.fileName);
            routeFiles.set(route[1]!, files);
          }
          const strings = /\/src\/locales\/(\w+)\/(index|console)\.ts$/.exec(id);
          if (strings) {
            const language = localeFiles.get(strings[1]!) ?? { public: [], console: [] };
            language[strings[2] === 'index' ? 'public' : 'console'].push(chunk.fileName);
            localeFiles.set(strings[1]!, language);
          }
          if (CONSOLE_LAYOUT.parts.test(id)) consoleFiles.push(chunk.fileName);
        }
      }
      // A renamed layout or query client would only slow pages down, silently: the build says so.
      if (!routeFiles.has(CONSOLE_LAYOUT.route) || consoleFiles.length === 0)
        throw new Error('route-chunks: the signed-in layout or its query client moved (CONSOLE_LAYOUT)');
      const out: RouteChunks = { routes: {}, locales: {} };
      for (const [route, files] of [...routeFiles].sort()) {
        const console = route === CONSOLE_LAYOUT.route;
        out.routes[route] = { ...beyondEntry(console ? [...consoleFiles, ...files] : files), console };
      }
      for (const [locale, files] of [...localeFiles].sort())
        out.locales[locale] = { public: beyondEntry(files.public).js, console: beyondEntry(files.console).js };
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-chunks.json',
        source: `${JSON.stringify(out, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      autoCodeSplitting: true,
      // Loaders load with their page, not with the entry: the signed-in pages' loaders read through
      // TanStack Query, which a signed-out visitor never needs (its download budget,
      // docs/decisions/0005-web-bundle-budget.md).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
      },
      quoteStyle: 'single',
    }),
    react(),
    routeChunks(),
  ],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: chunks and their imports, read by scripts/check-bundle.mjs.
    manifest: true,
    rollupOptions: {
      output: {
        manualChunks: (id) => VENDOR_CHUNKS.find(([, modules]) => modules.test(id))?.[0],
        // Every page shares Mantine modules with others, so Rollup makes many chunks of a few
        // hundred bytes, each a request and a gzip stream of its own. Chunks under 3 kB merge
        // into a neighbour when that runs no code early (-2 kB gzip before /login is usable).
        // At 1.5 kB, the tickets pages tipped the form helpers /login needs (zodValidate,
        // useAction) into a chunk with the dashboard's empty states (+0.8 kB on /login); at 3 kB
        // they join the client they are used with. Locale chunks are larger, so each language
        // still loads alone.
        experimentalMinChunkSize: 3_000,
      },
    },
    // Vite preloads a lazy chunk's imports alongside it, through a map of every chunk file name that
    // ships with the entry: ~1.3 kB gzip a signed-out visitor downloads before /login is usable,
    // growing with every page. Without it, a page's chunk fetches its imports itself, one round trip
    // later, and the router fetches pages on hover intent, before the click. index.html keeps its
    // modulepreload links for the entry's own imports.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // react-dom alone is ~210 kB minified; the budgets that matter are in scripts/check-bundle.mjs.
    chunkSizeWarningLimit: 250,
  },
});
