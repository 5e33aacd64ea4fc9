import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
