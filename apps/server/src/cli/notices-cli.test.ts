import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabase } from '../../test/harness.js';
import { admin } from '../../test/processes.js';

describe('admin CLI notice:create, notice:list and notice:withdraw', () => {
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    env = { DATABASE_URL: await freshDatabase() };
    dir = mkdtempSync(path.join(tmpdir(), 'nimbus-notices-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropDatabase(env.DATABASE_URL!);
  });

  async function stored(id: number) {
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      return (await db.query('select title, content, summary, pinned from notices where id = $1', [id])).rows[0];
    } finally {
      await db.end();
    }
  }

  it('publishes sanitised notices from text or a file, lists them and withdraws them', async () => {
    const inline = await admin(
      ['notice:create', '--title', 'Maintenance', '--content', '<p onclick="x()">Sunday <script>y()</script>night</p>'],
      env,
    );
    expect([inline.code, inline.stderr]).toEqual([0, '']);
    const first = Number(/^published notice (\d+) "Maintenance"\n$/.exec(inline.stdout)?.[1]);
    expect(await stored(first)).toEqual({
      title: 'Maintenance',
      content: '<p>Sunday night</p>',
      summary: 'Sunday night',
      pinned: false,
    });

    const file = path.join(dir, 'notice.html');
    writeFileSync(
      file,
      '<h1>New region</h1>\n<p>Frankfurt is open: <a href="https://example.com/fra">details</a>.</p>\n',
    );
    const fromFile = await admin(['notice:create', '--title', 'Frankfurt', '--file', file, '--pinned'], env);
    const second = Number(/^published notice (\d+) "Frankfurt" \(pinned\)\n$/.exec(fromFile.stdout)?.[1]);
    expect(await stored(second)).toMatchObject({
      content:
        '<h2>New region</h2>\n<p>Frankfurt is open: <a href="https://example.com/fra" target="_blank" rel="noopener noreferrer nofollow">details</a>.</p>',
      summary: 'New region Frankfurt is open: details.',
      pinned: true,
    });

    const withdrawn = await admin(['notice:withdraw', String(first)], env);
    expect(withdrawn.stdout).toBe(`withdrew notice ${first}\n`);
    const listed = (await admin(['notice:list'], env)).stdout.split('\n');
    expect(listed[0]).toBe('id\tstate\tpinned\tpublished\treads\tauthor\ttitle');
    expect(listed[1]).toMatch(new RegExp(`^${second}\\tlive\\tpinned\\t\\S+Z\\t0\\tadmin CLI\\tFrankfurt$`));
    expect(listed[2]).toMatch(new RegExp(`^${first}\\twithdrawn \\S+Z\\t-\\t\\S+Z\\t0\\tadmin CLI\\tMaintenance$`));
    const live = (await admin(['notice:list', '--state', 'live'], env)).stdout;
    expect(live).not.toContain('Maintenance');
  });

  it('refuses bad input with a clear message and a non-zero exit', async () => {
    const cases: [string[], string][] = [
      [['notice:create', '--content', '<p>x</p>'], '--title is required (with its content)'],
      [['notice:create', '--title', 'T'], '--content, --file, --content-zh or --file-zh is required'],
      [['notice:create', '--title', 'T', '--content', 'x', '--file', 'y'], 'give --content or --file, not both'],
      [
        ['notice:create', '--title', 'T', '--content', '<script>alert(1)</script>'],
        'the content is missing, empty, or has no text left once sanitised',
      ],
      [['notice:create', '--title', 'x'.repeat(201), '--content', 'x'], '--title must be at most 200 characters'],
      [['notice:list', '--state', 'gone'], '--state must be live or withdrawn'],
      [['notice:withdraw'], 'give the notice id (see notice:list)'],
      [['notice:withdraw', '999999'], 'no notice 999999'],
    ];
    for (const [args, message] of cases) {
      const r = await admin(args, env);
      expect([r.code, r.stderr.trim()], args.join(' ').slice(0, 60)).toEqual([1, `error: ${message}`]);
    }
    const created = await admin(['notice:create', '--title', 'Once', '--content', 'x'], env);
    const id = /published notice (\d+)/.exec(created.stdout)![1];
    await admin(['notice:withdraw', id!], env);
    const again = await admin(['notice:withdraw', id!], env);
    expect([again.code, again.stderr.trim()]).toEqual([1, `error: notice ${id} is already withdrawn`]);
  });
});
