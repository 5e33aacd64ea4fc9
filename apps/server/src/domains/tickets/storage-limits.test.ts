import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/api.js';
import { startHarness, startReplica, type Harness, type Replica } from '../../../test/harness.js';
import { SAMPLES, upload, uploadAs } from '../../../test/ticket-helpers.js';
import { staffTokens } from '../accounts/index.js';
import { MAX_PENDING_UPLOADS } from './attachments.js';

// A customer's upload limits and attachment storage quota are counted in
// PostgreSQL, so they hold whichever replica takes each upload, and an upload that would leave
// DATA_DIR's disk below DATA_DIR_MIN_FREE_MB is refused with a clear error, never written.

let h: Harness;
let replica: Replica;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-storage-limits-'));
  h = await startHarness({
    AUTH_RATE_LIMIT_SCALE: '50',
    DATA_DIR: dataDir,
    ATTACHMENT_QUOTA_MB: '1',
    DATA_DIR_MIN_FREE_MB: '1',
  });
  // The same folder (as a shared mount would be), a replica of its own memory.
  replica = await startReplica(h);
});
afterAll(async () => {
  await replica?.close();
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const KiB = 1024;
/** Plain text of `kib` KiB. */
const text = (kib: number) => Buffer.alloc(kib * KiB, 'all work and no play\n');
const storedFiles = () =>
  existsSync(path.join(dataDir, 'attachments'))
    ? readdirSync(path.join(dataDir, 'attachments'), { recursive: true, withFileTypes: true }).filter(
        (e) => e.isFile() && !e.parentPath.endsWith('.replicas'),
      ).length
    : 0;
const rows = async (userId: number) =>
  (await h.db.query('select id from ticket_attachments where user_id = $1', [userId])).rowCount;
/** Each server in turn: the harness's and the replica's. */
const servers = () => [h, { ...h, app: replica.app }];

describe('upload limits across replicas', () => {
  it(`keeps ${MAX_PENDING_UPLOADS} waiting uploads per customer when they come at once through two replicas`, async () => {
    const u = await signUp(h);
    const all = await Promise.all(
      Array.from({ length: MAX_PENDING_UPLOADS + 10 }, (_, i) =>
        uploadAs(servers()[i % 2]!, u.ssid, `${i}.txt`, SAMPLES.text),
      ),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(MAX_PENDING_UPLOADS);
    expect(all.filter((r) => r.status === 400 && r.body.fields?.file === 'too_many_attachments')).toHaveLength(10);
    expect(await rows(u.userId)).toBe(MAX_PENDING_UPLOADS);
  });
});

describe('the attachment storage quota (ATTACHMENT_QUOTA_MB)', () => {
  it('refuses an upload over the quota with quota_exceeded and keeps nothing of it', async () => {
    const u = await signUp(h);
    expect((await uploadAs(h, u.ssid, 'big.log', text(600))).status).toBe(200);
    const before = storedFiles();
    const over = await uploadAs(servers()[1]!, u.ssid, 'bigger.log', text(600));
    expect([over.status, over.body.code, over.body.fields]).toEqual([
      409,
      'quota_exceeded',
      { file: 'attachment_quota' },
    ]);
    expect([storedFiles(), await rows(u.userId)]).toEqual([before, 1]);
    // What is left of the quota still takes a smaller file; another customer has a quota of their own.
    expect((await uploadAs(h, u.ssid, 'small.log', text(400))).status).toBe(200);
    const other = await signUp(h);
    expect((await uploadAs(servers()[1]!, other.ssid, 'big.log', text(600))).status).toBe(200);
  });

  it('holds when the uploads come at once through two replicas', async () => {
    const u = await signUp(h);
    const all = await Promise.all(
      Array.from({ length: 6 }, (_, i) => uploadAs(servers()[i % 2]!, u.ssid, `${i}.log`, text(300))),
    );
    // 1 MiB takes three of 300 KiB.
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect(all.filter((r) => r.body.code === 'quota_exceeded')).toHaveLength(3);
  });

  it('does not count staff uploads', async () => {
    const { token } = await staffTokens.create(h.db, 'Helpdesk', ['tickets']);
    for (let i = 0; i < 3; i++) {
      const r = await upload(h, '/api/staff/ticket/attachment', { token }, { name: `${i}.log`, bytes: text(600) });
      expect(r.status).toBe(200);
    }
  });
});

describe('the free space floor of DATA_DIR (DATA_DIR_MIN_FREE_MB)', () => {
  it('refuses uploads with storage_full, not a 500, while the disk has less free than the floor', async () => {
    // A floor above the free space of any disk this runs on: every upload would pass below it.
    const full = await startReplica(h, { DATA_DIR_MIN_FREE_MB: '99000000' });
    try {
      const u = await signUp(h);
      const before = storedFiles();
      const r = await uploadAs({ ...h, app: full.app }, u.ssid, 'notes.txt', SAMPLES.text);
      expect([r.status, r.body.code, r.body.data]).toEqual([507, 'storage_full', null]);
      const { token } = await staffTokens.create(h.db, 'Helpdesk', ['tickets']);
      const staff = await upload(
        { ...h, app: full.app },
        '/api/staff/ticket/attachment',
        { token },
        {
          name: 'a.txt',
          bytes: SAMPLES.text,
        },
      );
      expect([staff.status, staff.body.code]).toEqual([507, 'storage_full']);
      expect([storedFiles(), await rows(u.userId)]).toEqual([before, 0]);
      // With a floor of 1 MB the same upload is taken.
      expect((await uploadAs(h, u.ssid, 'notes.txt', SAMPLES.text)).status).toBe(200);
    } finally {
      await full.close();
    }
  });
});
