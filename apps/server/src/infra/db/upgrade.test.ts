import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Console,
  deployInTokyo,
  deployedInTokyo,
  demoAccount,
  openTicket,
  signIn,
  startConsole,
  taskEnd,
} from '../../../test/console-process.js';
import { ROOT, stop } from '../../../test/processes.js';

// The documented upgrade (README, "Upgrading") from the previous release in CHANGELOG.md to this
// tree: the old release is taken from git and installed with `npm ci`, started on the embedded
// default and filled through its API; it dies with a deploy in flight; this tree starts on the
// same DATA_DIR and finds everything intact.

/** The newest release in CHANGELOG.md older than package.json's version: its version and commit. */
function previousRelease(): { version: string; commit: string } {
  const current = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const releases = [
    ...readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8').matchAll(/^## (\d+\.\d+\.\d+) .*commit ([0-9a-f]{40})/gm),
  ];
  const found = releases.find((r) => r[1] !== current);
  if (!found) throw new Error('CHANGELOG.md names no release before this one');
  return { version: found[1]!, commit: found[2]! };
}

const run = promisify(execFile);

let root: string;
let oldTree: string;
const dataDir = () => path.join(root, 'data');
const env = () => ({ DATA_DIR: dataDir(), WEB_DIST: '/nonexistent', PVE_EMULATOR_SPEED: '0.1' });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'nimbus-upgrade-'));
  oldTree = path.join(root, 'release');
  mkdirSync(oldTree);
  const { commit } = previousRelease();
  // The release as a fresh clone would have it, installed as its README says. Run asynchronously:
  // a synchronous npm ci would stall this test worker's messages to vitest for its whole minute.
  const archive = path.join(root, 'release.tar');
  await run('git', ['-C', ROOT, 'archive', '--format=tar', '-o', archive, commit]);
  await run('tar', ['-x', '-f', archive, '-C', oldTree]);
  await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: oldTree });
}, 600_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The old release's server, started as its own `npm start` would (minus the web build). */
function startOld(): Promise<Console> {
  return startConsole(env(), oldTree);
}

/** Whether the emulated Tokyo cluster's saved state has the first server running. */
function keptRunningOnDisk(): boolean {
  try {
    const saved = JSON.parse(readFileSync(path.join(dataDir(), 'emulated-clusters', 'jp.json'), 'utf8')) as {
      vms: { status: string; config: { name?: string } }[];
    };
    return saved.vms.some((vm) => vm.config.name === 'before-upgrade' && vm.status === 'running');
  } catch {
    return false; // not written yet, or being replaced
  }
}

describe('upgrading from the previous release', () => {
  it('keeps accounts, sessions, instances, invoices and tickets, and finishes the deploy in flight', async () => {
    const old = await startOld();
    let ssid: string;
    let kept: number;
    let inFlight: { instanceId: number; taskId: number };
    let ticketId: number;
    const before: Record<string, unknown> = {};
    try {
      ssid = await signIn(old, demoAccount(old));
      kept = await deployedInTokyo(old, ssid, 'before-upgrade');
      ticketId = await openTicket(old, ssid, 'Opened before the upgrade');
      const second = await deployInTokyo(old, ssid, 'in-flight');
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      inFlight = { instanceId: second.body.data.InstanceId, taskId: second.body.data.TaskId };
      // Read once the second deploy is charged, as the customer sees it then.
      for (const route of ['/session', '/invoices', '/balance/transactions', `/ticket?id=${ticketId}`]) {
        before[route] = (await old.api('GET', route, ssid)).body.data;
      }
      // Still under way (the emulated clone alone takes seconds at this speed).
      const task = await old.api<{ Status: number }>(
        'GET',
        `/instance/task/get?id=${inFlight.instanceId}&taskId=${inFlight.taskId}`,
        ssid,
      );
      expect(task.body.data.Status).toBeLessThan(2);
      // The emulated clusters live in the old process and write their state to DATA_DIR shortly
      // after each change: a SIGKILL before that write takes the first server's start with it, as
      // the demo's documentation says of a crash. Real Proxmox keeps its state itself; here the kill
      // waits until the finished server is on disk, as it would be on the clusters.
      await expect.poll(keptRunningOnDisk, { timeout: 30_000 }).toBe(true);
    } finally {
      // The old process dies with the second deploy under way: the hardest way a stop can go.
      await stop(old.server.child, 'SIGKILL');
    }

    const next = await startConsole(env());
    try {
      expect(next.server.output()).not.toContain('demo account (first start)');
      // The session the old release issued still signs the customer in; their data reads the same.
      for (const [route, data] of Object.entries(before)) {
        const r = await next.api('GET', route, ssid!);
        expect(r.status, route).toBe(200);
        // What the old release answered is still there (a new release may answer more).
        expect(r.body.data, route).toMatchObject(data as object);
      }
      const status = await next.api<{ State: string }>('GET', `/instance/status?id=${kept!}`, ssid!);
      expect(status.body.data.State).toBe('running');
      // The deploy in flight is finished by the new release.
      expect(await taskEnd(next, ssid!, inFlight!.instanceId, inFlight!.taskId)).toBe(2);
      const list = await next.api<{ Items: { Hostname: string; Status: string }[] }>('GET', '/instances', ssid!);
      expect(list.body.data.Items.map((i) => i.Hostname).sort()).toEqual(['before-upgrade', 'in-flight']);
    } finally {
      expect(await stop(next.server.child)).toBe(0);
    }
  }, 300_000);
});
