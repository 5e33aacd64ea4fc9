import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabase } from '../../test/harness.js';
import { admin, freePort, serverOnce, startServer, stop } from '../../test/processes.js';

describe('admin CLI on DATABASE_URL', () => {
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { DATABASE_URL: await freshDatabase() };
  });
  afterAll(() => dropDatabase(env.DATABASE_URL!));

  it('creates users, moves balances through the ledger and lists them', async () => {
    const created = await admin(
      [
        'user:create',
        '--email',
        'Grace@Example.com',
        '--password',
        'compilers!',
        '--balance',
        '25.50',
        '--first-name',
        'Grace',
        '--last-name',
        'Hopper',
      ],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/created user \d+ grace@example.com with balance 25.50 USD/);
    const topped = await admin(
      ['user:balance', '--email', 'grace@example.com', '--add', '-5.25', '--note', 'goodwill'],
      env,
    );
    expect(topped.stdout).toContain('balance 20.25 USD');
    const list = await admin(['user:list'], env);
    expect(list.stdout).toMatch(/grace@example.com\tGrace Hopper\t20.25 USD/);
  });

  it('refuses bad input with a clear message and a non-zero exit', async () => {
    const overdraw = await admin(
      ['user:balance', '--email', 'grace@example.com', '--add', '-1000', '--note', 'x'],
      env,
    );
    expect(overdraw.code).toBe(1);
    expect(overdraw.stderr).toMatch(/balance not enough/i);
    const missing = await admin(['user:create', '--email', 'x@example.com'], env);
    expect([missing.code, missing.stderr.trim()]).toEqual([1, 'error: --password is required']);
    const dup = await admin(['user:create', '--email', 'grace@example.com', '--password', 'whatever1'], env);
    expect(dup.stderr).toMatch(/already registered/);
    const unknown = await admin(['user:explode'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: npm run admin');
  });
});

describe('the server process on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-proc-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start on a bad environment', async () => {
    const r = await serverOnce({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Invalid environment');
    expect(r.stderr).toContain('PORT');
  });

  it('prints its URL and a demo account, shares its database with the CLI, owns its data dir and stops cleanly', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), WEB_DIST: '/nonexistent' };
    const server = await startServer(env);
    try {
      expect(server.output()).toContain(`running at http://localhost:${port}`);
      expect(server.output()).toMatch(/demo account \(first start\): demo@example.com \/ \S+/);
      expect(server.output()).toContain('compute: emulated Proxmox VE clusters, one per region (hk, jp, sg, us)');

      const second = await serverOnce({ ...env, PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/in use by process/);

      const created = await admin(['user:create', '--email', 'ops@example.com', '--password', 'while-running'], env);
      expect(created.stdout).toContain('created user');
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: 'ops@example.com', Password: 'while-running', AgreeTerms: true }),
      });
      expect(login.status).toBe(200);
      // Fill the pool with connections: stopping must close them before the cluster, without a crash.
      const burst = await Promise.all(Array.from({ length: 30 }, () => fetch(`http://127.0.0.1:${port}/api/health`)));
      expect(burst.every((r) => r.ok)).toBe(true);
    } finally {
      expect(await stop(server.child)).toBe(0);
    }
    expect(existsSync(path.join(dataDir, 'nimbus.lock'))).toBe(false);

    const again = await startServer({ ...env, PORT: String(await freePort()) });
    expect(again.output()).not.toContain('demo account');
    expect(await stop(again.child, 'SIGINT')).toBe(0);
  });
});
