import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

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
  // Web features never import each other (STYLE.md): shared code lives in src/lib or src/components.
  ...FEATURES.map((feature) => {
    const others = FEATURES.filter((f) => f !== feature).join('|');
    return {
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
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
    // Nothing in packages/ may depend on the apps.
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/**', '@nimbus/server', '@nimbus/web'] }] },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.{mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
);
