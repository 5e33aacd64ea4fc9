// Module boundaries, checked by `node scripts/check-boundaries.mjs` (the `boundaries` check of
// scripts/test.mjs), which also fails on any cycle between the server's domain folders.
//
// Server layout: apps/server/src/infra holds what is not a business domain (database, config, HTTP
// plumbing, jobs, mail, compute…); apps/server/src/domains/<name> one folder per domain, whose
// index.ts is its public entry. app.ts, main.ts, workers.ts, hooks.ts and cli/ compose the two and
// may import anything.

/**
 * Web features never import each other (apps/web/src/features/X must not import features/Y), as
 * eslint.config.js already says for their api, components and hooks folders. The web code passes
 * it; set this to false only while a change to apps/web/src/features cannot pass it yet.
 */
const WEB_FEATURE_RULE_ENABLED = true;

const SERVER = '^apps/server/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'infra-not-to-domains',
      comment: 'Infrastructure never imports a domain: invert the dependency (a hook, an injected reader).',
      severity: 'error',
      from: { path: `${SERVER}infra/` },
      to: { path: `${SERVER}domains/` },
    },
    {
      name: 'domain-through-index',
      comment: "A domain reaches another only through that domain's index.ts, never its inner files.",
      severity: 'error',
      from: { path: `${SERVER}domains/([^/]+)/` },
      to: {
        path: `${SERVER}domains/[^/]+/`,
        pathNot: [`${SERVER}domains/$1/`, `${SERVER}domains/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'no-circular',
      comment: 'No file imports itself through others: in the server and the packages, type-only imports count too.',
      severity: 'error',
      from: { path: '^(apps/server/src|packages)/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-web',
      comment:
        'No web file imports itself through others at run time. Type-only imports are left out here: a ' +
        'lazily loaded component imports the types of the module that loads it (choice-menu, i18n resources).',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...(WEB_FEATURE_RULE_ENABLED
      ? [
          {
            name: 'web-features-apart',
            comment: 'Web features never import each other: shared code lives in src/lib or src/components.',
            severity: 'error',
            from: { path: '^apps/web/src/features/([^/]+)/' },
            to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/$1/' },
          },
        ]
      : []),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are dependencies too: they tie modules together as much as values do.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
