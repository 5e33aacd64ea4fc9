import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/support/chromium';
import { E2E } from './e2e/support/ports';

const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, '.tmp/playwright'),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['json']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM,
  },
  webServer: {
    command: `rm -rf ${E2E.dataDir} && node --import tsx apps/server/src/main.ts`,
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
      // Every test signs in from 127.0.0.1; per-address limits are covered by the server tests.
      AUTH_RATE_LIMIT_SCALE: '50',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
});
