import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { PLAYWRIGHT_CHROMIUM } from './e2e/support/chromium';
import { E2E, E2E_LEGAL, E2E_OIDC, E2E_OIDC_HALFWAY, E2E_OIDC_OFFLINE } from './e2e/support/ports';

const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, '.tmp/playwright'),
  // Many tests set up through the operator CLI: each run is a new Node process, several
  // seconds on two busy cores, so a test with two or three of them needs more than 30 s.
  timeout: 60_000,
  // How long an expectation waits for what a person would see. 7 s held until 2026-11-28, when the
  // machine ran about 3.5 times slower than usual and first visits to signed-in pages (chunks and
  // data, both workers' browsers and the server on two cores) took 8–15 s before their content
  // showed: seven tests of one run failed only there. The assertions are the same; they wait longer.
  expect: { timeout: 15_000 },
  // No retries: a test that fails once is a bug to find, in the test or the product.
  retries: 0,
  workers: 2,
  reporter: [['list'], ['json']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: E2E.baseUrl,
    // A trace of every test is recorded (DOM snapshots and a screencast) to keep the failed ones: a
    // large part of the browsers' work. CI keeps no files, only the end of the log, so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: PLAYWRIGHT_CHROMIUM,
  },
  webServer: [
    {
      // Emulated Proxmox clusters in their own process, so tests can inject faults (support/compute.ts).
      command: `rm -f ${E2E.computeConfig} && node --import tsx apps/web/e2e/support/compute-server.ts`,
      cwd: root,
      url: `http://127.0.0.1:${E2E.computePort}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The OpenID provider third-party sign-in goes to, and one whose token endpoint is unreachable
      // (support/oidc-server.ts).
      command: 'node --import tsx apps/web/e2e/support/oidc-server.ts',
      cwd: root,
      url: `${E2E_OIDC.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf ${E2E.dataDir} && node scripts/serve.mjs`,
      cwd: root,
      url: `${E2E.baseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E.serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: E2E.dataDir,
        PUBLIC_URL: E2E.baseUrl,
        SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
        BRAND_NAME: 'Nimbus',
        DEMO_ACCOUNT: 'false',
        LOG_LEVEL: 'warn',
        COMPUTE_CONFIG: E2E.computeConfig,
        // Beside COMPUTE_CONFIG the sandbox gateway is on only when named; the billing
        // tests pay through it.
        PAYMENT_GATEWAYS: 'sandbox',
        CATALOG_FILE: 'apps/server/src/domains/catalog/default-catalog.yaml',
        // Every test signs in from 127.0.0.1; per-address limits are covered by the server tests.
        AUTH_RATE_LIMIT_SCALE: '50',
        RATE_LIMIT_PER_MINUTE: '100000',
        OIDC_PROVIDERS: JSON.stringify([E2E_OIDC, E2E_OIDC_OFFLINE, E2E_OIDC_HALFWAY]),
        // Uploads must not depend on the machine's free disk; the floor has its server tests.
        DATA_DIR_MIN_FREE_MB: '1',
        TERMS_URL: E2E_LEGAL.terms,
        PRIVACY_URL: E2E_LEGAL.privacy,
      },
    },
  ],
});
