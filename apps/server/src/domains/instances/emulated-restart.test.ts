import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, withTx } from '../../infra/db/pool.js';
import { dropDatabase, freshDatabase } from '../../../test/harness.js';
import {
  type Console,
  deployInTokyo,
  demoAccount,
  signIn,
  startConsole,
  taskEnd,
} from '../../../test/console-process.js';
import { stop } from '../../../test/processes.js';
import { post } from '../users/index.js';

// Without COMPUTE_CONFIG the server runs emulated clusters in-process. They used to
// come back empty after a restart, so every instance read `unknown` and refused every action. They
// now keep their state in DATA_DIR; this starts the real server process, deploys, stops it (cleanly,
// then with kill -9) and starts it again.

let env: Record<string, string>;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-emu-'));
  env = {
    DATABASE_URL: await freshDatabase(),
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    PVE_EMULATOR_SPEED: '0.02',
  };
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase(env.DATABASE_URL!);
});

const start = () => startConsole(env);
const state = async (s: Console, ssid: string, id: number) =>
  (await s.api<{ State: string }>('GET', `/instance/status?id=${id}`, ssid)).body.data.State;

/** The state once it reads `want` (the status read is cached for a moment), or the last one read. */
async function settled(s: Console, ssid: string, id: number, want: string) {
  let last = '';
  for (let i = 0; i < 50 && last !== want; i++) {
    if (i) await new Promise((res) => setTimeout(res, 200));
    last = await state(s, ssid, id);
  }
  return last;
}

describe('the embedded emulated clusters across restarts', () => {
  it('keep their VMs: an instance reads running, then stopped, after a clean stop and after kill -9', async () => {
    let s = await start();
    const { email } = demoAccount(s);
    const db = createPool(env.DATABASE_URL!, { max: 1 });
    let ssid = '';
    let id = 0;
    try {
      const { rows } = await db.query<{ id: number }>('select id from users where email = $1', [email]);
      await withTx(db, (tx) => post(tx, rows[0]!.id, 'adjustment', 10_000, 'test credit'));
      ssid = await signIn(s, demoAccount(s));
      const d = await deployInTokyo(s, ssid, 'kept-1');
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      id = d.body.data.InstanceId;
      expect(await taskEnd(s, ssid, id, d.body.data.TaskId)).toBe(2);
      expect(await state(s, ssid, id)).toBe('running');
    } finally {
      await db.end();
      expect(await stop(s.server.child)).toBe(0);
    }
    expect(existsSync(path.join(dataDir, 'emulated-clusters', 'jp.json'))).toBe(true);

    // A clean restart: the VM is still there and still runs; actions work on it.
    s = await start();
    try {
      expect(await state(s, ssid, id)).toBe('running');
      const r = await s.api<number>('POST', '/instance/stop', ssid, { Id: id, Force: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await taskEnd(s, ssid, id, r.body.data)).toBe(2);
      expect(await settled(s, ssid, id, 'stopped')).toBe('stopped');
      // The change is written within a moment; then the process dies without any chance to save.
      await new Promise((res) => setTimeout(res, 1_000));
    } finally {
      await stop(s.server.child, 'SIGKILL');
    }

    s = await start();
    try {
      expect(await state(s, ssid, id)).toBe('stopped');
      const r = await s.api<number>('POST', '/instance/start', ssid, { Id: id });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await taskEnd(s, ssid, id, r.body.data)).toBe(2);
      expect(await settled(s, ssid, id, 'running')).toBe('running');
    } finally {
      expect(await stop(s.server.child)).toBe(0);
    }
  }, 180_000);
});

describe('a deploy under way when the console dies with its emulated clusters', () => {
  it('is finished after the restart, although the clusters no longer know its clone task', async () => {
    // A database and data folder of its own: the first start makes the demo account.
    const own = {
      ...env,
      DATABASE_URL: await freshDatabase(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nimbus-emu-deploy-')),
      // Slow enough that the clone is still running when the process is killed.
      PVE_EMULATOR_SPEED: '0.3',
    };
    const db = createPool(own.DATABASE_URL, { max: 1 });
    let s = await startConsole(own);
    let ssid = '';
    let id = 0;
    let taskId = 0;
    try {
      ssid = await signIn(s, demoAccount(s));
      const d = await deployInTokyo(s, ssid, 'in-flight-1');
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      ({ InstanceId: id, TaskId: taskId } = d.body.data);
      // The clone has been sent, and its task id kept, when the process dies.
      for (;;) {
        const { rows } = await db.query<{ upid: string | null; status: number }>(
          "select state->>'cloneUpid' as upid, status from tasks where id = $1",
          [taskId],
        );
        expect(rows[0]!.status, 'the deploy ended before the kill').toBeLessThan(2);
        if (rows[0]!.upid) break;
        await new Promise((res) => setTimeout(res, 20));
      }
    } finally {
      await stop(s.server.child, 'SIGKILL');
    }

    s = await startConsole(own);
    try {
      expect(await taskEnd(s, ssid, id, taskId)).toBe(2);
      expect(await settled(s, ssid, id, 'running')).toBe('running');
      const list = await s.api<{ Items: { Hostname: string }[] }>('GET', '/instances', ssid);
      expect(list.body.data.Items.map((i) => i.Hostname)).toEqual(['in-flight-1']);
    } finally {
      await db.end();
      expect(await stop(s.server.child)).toBe(0);
      rmSync(own.DATA_DIR, { recursive: true, force: true });
      await dropDatabase(own.DATABASE_URL);
    }
  }, 180_000);
});
