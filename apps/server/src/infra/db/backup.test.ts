import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployedInTokyo,
  demoAccount,
  openTicket,
  signIn,
  startConsole,
  taskEnd,
} from '../../../test/console-process.js';
import { admin, stop } from '../../../test/processes.js';

// The documented backup and restore of the embedded default (docs/operations.md, "Backup and
// restore"): a console on its own embedded PostgreSQL is filled through its API, backed up while it
// runs, stopped, restored into a new DATA_DIR by the admin CLI and started there.

let root: string;
const dirs = () => ({
  from: path.join(root, 'data-a'),
  to: path.join(root, 'data-b'),
  backup: path.join(root, 'backup-1'),
});
const baseEnv = { WEB_DIST: '/nonexistent', PVE_EMULATOR_SPEED: '0.02' };

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'nimbus-backup-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function start(dataDir: string) {
  const c = await startConsole({ ...baseEnv, DATA_DIR: dataDir });
  const download = async (route: string, ssid: string) => {
    const r = await fetch(`${c.base}${route}`, { headers: { ssid } });
    return { status: r.status, bytes: Buffer.from(await r.arrayBuffer()) };
  };
  const uploadFile = async (ssid: string, name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/plain' }), name);
    const r = await fetch(`${c.base}/ticket/attachment`, { method: 'POST', headers: { ssid }, body: form });
    return (await r.json()) as { data: { Id: number } };
  };
  return { ...c, download, uploadFile };
}
type Server = Awaited<ReturnType<typeof start>>;

/** What a customer sees of their account, to compare before and after. */
async function seen(s: Server, ssid: string, instanceId: number, ticketId: number) {
  const session = await s.api<{ Email: string; Balance: number }>('GET', '/session', ssid);
  const instances = await s.api<{ Items: { Id: number; Hostname: string }[] }>('GET', '/instances', ssid);
  const ledger = await s.api<{ Items: unknown[] }>('GET', '/balance/transactions', ssid);
  const invoices = await s.api<{ Items: unknown[] }>('GET', '/invoices', ssid);
  const ticket = await s.api<{ Title: string }>('GET', `/ticket?id=${ticketId}`, ssid);
  const status = await s.api<{ State: string }>('GET', `/instance/status?id=${instanceId}`, ssid);
  return {
    session: [session.status, session.body.data],
    instances: instances.body.data.Items.map((i) => [i.Id, i.Hostname]),
    ledger: ledger.body.data.Items,
    invoices: invoices.body.data.Items,
    ticket: [ticket.status, ticket.body.data.Title],
    state: status.body.data.State,
  };
}

describe('backup and restore of the embedded default', () => {
  it('restores a backup taken while the console ran into a new DATA_DIR that serves the same data', async () => {
    const { from, to, backup } = dirs();
    let s = await start(from);
    const file = Buffer.from(`boot log ${Math.random()}\n`);
    let ssid: string;
    let instanceId: number;
    let ticketId: number;
    let attachmentId: number;
    let before: Awaited<ReturnType<typeof seen>>;
    try {
      ssid = await signIn(s, demoAccount(s));
      instanceId = await deployedInTokyo(s, ssid, 'kept-by-backup');
      attachmentId = (await s.uploadFile(ssid, 'boot.log', file)).data.Id;
      ticketId = await openTicket(s, ssid, 'Backed up', [attachmentId]);
      before = await seen(s, ssid, instanceId, ticketId);
      expect(before.state).toBe('running');

      // Taken while the console runs: the CLI joins its cluster.
      const made = await admin(['backup', backup], { ...baseEnv, DATA_DIR: from });
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain('folders: attachments, emulated-clusters');
      // A backup never overwrites a folder.
      const again = await admin(['backup', backup], { ...baseEnv, DATA_DIR: from });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists');
    } finally {
      expect(await stop(s.server.child)).toBe(0);
    }

    // Over a console that has customers, only on purpose.
    const refused = await admin(['restore', backup], { ...baseEnv, DATA_DIR: from });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds customers');
    const replaced = await admin(['restore', backup, '--replace'], { ...baseEnv, DATA_DIR: from });
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain(`restored ${backup}`);

    const restored = await admin(['restore', backup], { ...baseEnv, DATA_DIR: to });
    expect(restored.code, restored.stderr).toBe(0);
    expect(existsSync(path.join(to, 'emulated-clusters'))).toBe(true);

    s = await start(to);
    try {
      // Not a first start: no new demo account, no catalogue import.
      expect(s.server.output()).not.toContain('demo account (first start)');
      // The same session, instance (still running on its cluster), ledger, invoices and ticket.
      expect(await seen(s, ssid!, instanceId!, ticketId!)).toEqual(before!);
      const got = await s.download(`/ticket/attachment?id=${attachmentId!}`, ssid!);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(file)).toBe(true);
      // Work goes on: the restored instance takes an action and its task runs to the end.
      const r = await s.api<number>('POST', '/instance/stop', ssid!, { Id: instanceId!, Force: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await taskEnd(s, ssid!, instanceId!, r.body.data)).toBe(2);
      // New rows take fresh ids after the restored ones (the sequences came back too).
      expect(await openTicket(s, ssid!, 'After the restore')).toBeGreaterThan(ticketId!);
    } finally {
      expect(await stop(s.server.child)).toBe(0);
    }
  }, 240_000);
});
