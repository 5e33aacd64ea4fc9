import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbedded, type EmbeddedDb } from '../src/infra/db/embedded.js';
import { createLogger } from '../src/infra/lib/logger.js';
import { prepareBundles } from './processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

let db: EmbeddedDb | undefined;
let dir: string | undefined;

/** One PostgreSQL for the server suite: TEST_DATABASE_URL when given, else an embedded cluster. */
export async function setup(project: TestProject) {
  prepareBundles();
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  dir = mkdtempSync(path.join(tmpdir(), 'nimbus-test-'));
  db = await startEmbedded(dir, createLogger('warn'));
  project.provide('databaseUrl', db.url);
}

export async function teardown() {
  await db?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
