import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * Only repositories hold SQL (docs/architecture.md): in the server's domains and the admin CLI, a
 * string that starts like a statement (in lower or upper case, so that "Select a plan" is text), or
 * a query() given its text in place, is refused outside `repository.ts` and `*-repository.ts`.
 * infra/ may hold SQL (pools, migrations, savepoints).
 */
const SQL_MESSAGE =
  "SQL belongs in the domain's repository.ts (or a *-repository.ts beside it): call a repository function.";
const sqlStart = (k) =>
  String.raw`^\s*(${k('select')}\s|${k('insert')}\s+${k('into')}\s|${k('update')}\s+[A-Za-z_.]+\s+${k('set')}\s|` +
  String.raw`${k('delete')}\s+${k('from')}\s|${k('with')}\s+(${k('recursive')}\s+)?[A-Za-z_]+\s+${k('as')}\s*\(|` +
  String.raw`${k('savepoint')}\s|${k('release')}\s+${k('savepoint')}\s|${k('rollback')}\s+${k('to')}\s)`;
const SQL_OUTSIDE_REPOSITORIES = [
  "CallExpression[callee.property.name='query'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
  ...[(k) => k, (k) => k.toUpperCase()].flatMap((k) => [
    `Literal[value=/${sqlStart(k)}/]`,
    `TemplateLiteral > TemplateElement:first-child[value.raw=/${sqlStart(k)}/]`,
  ]),
].map((selector) => ({ selector, message: SQL_MESSAGE }));

/** TanStack Query's mutation hooks, replaced in apps/web by one of ours. */
const ONE_MUTATION_HOOK = {
  name: '@tanstack/react-query',
  importNames: ['useMutation', 'useMutationState', 'useIsMutating'],
  message: 'Use useAction (apps/web/src/lib/use-action.ts): the one way to run a mutation, which /login can load.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'apps/web/src/route-tree.gen.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // One way to run a mutation in the web app (issue 20 §4): useAction, which /login can load.
  { files: ['apps/web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: [ONE_MUTATION_HOOK] }] } },
  // Web features never import each other (STYLE.md): shared code lives in src/lib or src/components.
  // (A later block's no-restricted-imports replaces an earlier one's: hence ONE_MUTATION_HOOK again.)
  ...FEATURES.map((feature) => {
    const others = FEATURES.filter((f) => f !== feature).join('|');
    return {
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [ONE_MUTATION_HOOK],
            patterns: [
              {
                regex: `(^|/)(features/)?(${others})/(api|components|hooks)(/|$)`,
                message: 'Features do not import each other; move shared code to src/lib or src/components.',
              },
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['apps/server/src/domains/**/*.ts', 'apps/server/src/cli/**/*.ts'],
    ignores: ['**/repository.ts', '**/*-repository.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES] },
  },
  {
    // Nothing in packages/ may depend on the apps.
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/**', '@nimbus/server', '@nimbus/web'] }] },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.{mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
);
