import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Ticket, TicketMessage, TicketType } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../test/api.js';
import { dropDatabase, freshDatabase, startHarness, type Harness } from '../../test/harness.js';
import { admin, freePort, startServer, stop } from '../../test/processes.js';
import { opened, pngBytes, readMail, ticketType, uploaded } from '../../test/ticket-helpers.js';
import { DEFAULT_TICKET_TYPES } from '../domains/tickets/seed.js';

let h: Harness;
let env: Record<string, string>;
let dir: string;
let type: TicketType;
const PUBLIC_URL = 'https://console.example.com';
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'nimbus-ticket-cli-'));
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', DATA_DIR: dir, PUBLIC_URL });
  env = { DATABASE_URL: h.databaseUrl, SMTP_URL: h.mail.url, PUBLIC_URL, DATA_DIR: dir, DATA_DIR_MIN_FREE_MB: '1' };
  type = await ticketType(h, 'Technical support');
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const ok = async (args: string[]) => {
  const r = await admin(args, env);
  expect([r.code, r.stderr]).toEqual([0, '']);
  return r.stdout.trim();
};
const fails = async (args: string[]) => {
  const r = await admin(args, env);
  expect(r.code).toBe(1);
  return r.stderr.trim();
};
const customerView = async (ssid: string, id: number) =>
  (await call<Ticket>(h, 'GET', `/api/ticket?id=${id}`, { ssid })).body.data;
const conversation = async (ssid: string, id: number) =>
  (await call<TicketMessage[]>(h, 'GET', `/api/ticket/msgs?id=${id}`, { ssid })).body.data;

describe('ticket types', () => {
  it('are created in one language or both and listed; a name taken (in any case) or missing is refused', async () => {
    const abuse = ['--name', 'Abuse', '--description', 'Spam, attacks, DMCA', '--name-zh', '滥用举报'];
    expect(await ok(['ticket-type:create', ...abuse, '--description-zh', '垃圾邮件、攻击、版权投诉'])).toMatch(
      /^created ticket type \d+ "Abuse"$/,
    );
    expect(await ok(['ticket-type:create', '--name-zh', '发票申请'])).toMatch(/^created ticket type \d+ "发票申请"$/);
    const listed = await ok(['ticket-type:list']);
    expect(listed).toContain('\tAbuse\tSpam, attacks, DMCA\t滥用举报\t垃圾邮件、攻击、版权投诉');
    expect(listed).toMatch(/^\d+\t\t\t发票申请\t?$/m);
    expect(await fails(['ticket-type:create', '--name', 'abuse'])).toBe('error: a ticket type "abuse" exists');
    expect(await fails(['ticket-type:create', '--name-zh', '滥用举报'])).toBe('error: a ticket type "滥用举报" exists');
    expect(await fails(['ticket-type:create'])).toBe('error: --name or --name-zh is required');
    // Customers read their language, else the other one.
    const ssid = (await signUp(h)).ssid;
    const read = async (lang: string) =>
      (await call<TicketType[]>(h, 'GET', '/api/ticketTypes', { ssid, lang })).body.data;
    const [zh, en] = [await read('zh-CN'), await read('en-US')];
    expect(zh.map((t) => t.Name)).toEqual(expect.arrayContaining(['滥用举报', '发票申请']));
    expect(zh.find((t) => t.Name === '滥用举报')?.Description).toBe('垃圾邮件、攻击、版权投诉');
    expect(en.map((t) => t.Name)).toEqual(expect.arrayContaining(['Abuse', '发票申请']));
  });
});

describe('answering a ticket from the terminal', () => {
  it('lists, shows, assigns and answers it; the customer sees the answer and gets a mail with the link', async () => {
    const u = await signUp(h);
    const shot = await uploaded(h, u.ssid, 'error.png', pngBytes());
    const t = await opened(h, u.ssid, {
      Title: 'Disk full',
      TypeId: type.Id,
      Content: 'The disk is full.',
      AttachmentIds: [shot.Id],
    });

    const list = await ok(['ticket:list', '--user', u.email, '--status', 'open']);
    expect(list).toMatch(new RegExp(`^${t.Id}\\t${u.email}\\topen\\tTechnical support\\t\\S+Z\\t-\\tDisk full$`, 'm'));
    expect(list.endsWith('1 ticket(s)')).toBe(true);
    expect(await ok(['ticket:list', '--user', u.email, '--status', 'closed'])).toBe(
      'id\temail\tstatus\ttype\tupdated\tassignee\ttitle\n0 ticket(s)',
    );

    expect(await ok(['ticket:assign', String(t.Id), '--to', 'Grace'])).toBe(
      `ticket #${t.Id} assigned to Grace; it is in_progress`,
    );
    expect((await customerView(u.ssid, t.Id)).Status).toBe('in_progress');

    const replied = await ok([
      'ticket:reply',
      String(t.Id),
      '--as',
      'Grace',
      '--content',
      'Cleaned /var/log.\nTry now.',
    ]);
    expect(replied).toBe(`replied to ticket #${t.Id} as Grace; it is answered; mailed ${u.email}`);
    expect(await customerView(u.ssid, t.Id)).toMatchObject({ Status: 'answered', LastReplyBy: 'staff' });
    expect((await conversation(u.ssid, t.Id)).at(-1)).toMatchObject({
      Author: 'staff',
      AuthorName: 'Grace',
      Content: 'Cleaned /var/log.\nTry now.',
    });
    const mail = readMail(h.mail.last(u.email)!.raw);
    expect(mail.subject).toBe(`Nimbus: new reply to your ticket #${t.Id} "Disk full"`);
    expect(mail.text).toBe(
      `Grace replied to your ticket "Disk full":\n\nCleaned /var/log.\nTry now.\n\nRead and reply: ${PUBLIC_URL}/tickets/${t.Id}`,
    );

    const shown = await ok(['ticket:show', String(t.Id)]);
    expect(shown).toContain(
      `ticket #${t.Id} "Disk full" answered (Technical support)\ncustomer: ${u.email} (user ${u.userId})`,
    );
    expect(shown).toContain('assigned to: Grace');
    expect(shown).toMatch(
      new RegExp(
        `--- customer ${u.email}, \\S+Z\\nThe disk is full\\.\\n\\[attachment #${shot.Id}: error\\.png, image/png, \\d+ bytes\\]`,
      ),
    );
    expect(shown).toMatch(/--- staff Grace, \S+Z\nCleaned \/var\/log\.\nTry now\.$/);
  });

  it('mails a Chinese-speaking customer in Chinese, the answer read from a file', async () => {
    const u = await signUp(h);
    await call(h, 'POST', '/api/user/preferences/set', { ssid: u.ssid, body: { Locale: 'zh_CN', Theme: 'system' } });
    const t = await opened(h, u.ssid, { Title: '无法登录', TypeId: type.Id, Content: '密码不对' });
    const file = path.join(dir, 'answer.txt');
    writeFileSync(file, '已为您重置密码。\n');
    await ok(['ticket:reply', String(t.Id), '--as', '客服小王', '--file', file]);
    const mail = readMail(h.mail.last(u.email)!.raw);
    expect(mail.subject).toBe(`Nimbus：您的工单 #${t.Id}「无法登录」有新回复`);
    expect(mail.text).toBe(
      `客服小王 回复了您的工单「无法登录」：\n\n已为您重置密码。\n\n查看并回复：${PUBLIC_URL}/tickets/${t.Id}`,
    );
  });

  it('refuses a reply without text, with both sources, or to an unknown ticket; closes once', async () => {
    const u = await signUp(h);
    const t = await opened(h, u.ssid, { Title: 'x', TypeId: type.Id, Content: 'y' });
    const id = String(t.Id);
    expect(await fails(['ticket:reply', id, '--as', 'Grace'])).toBe('error: give either --content TEXT or --file PATH');
    expect(await fails(['ticket:reply', id, '--as', 'Grace', '--content', 'a', '--file', 'b'])).toBe(
      'error: give either --content TEXT or --file PATH',
    );
    expect(await fails(['ticket:reply', id, '--as', 'Grace', '--content', '   '])).toBe('error: the reply is empty');
    expect(await fails(['ticket:reply', id, '--content', 'hi'])).toBe('error: --as is required');
    expect(await fails(['ticket:reply', '99999999', '--as', 'Grace', '--content', 'hi'])).toBe(
      'error: no ticket 99999999',
    );
    expect(await fails(['ticket:show', 'abc'])).toBe('error: give the ticket id (see ticket:list)');
    expect(await fails(['ticket:list', '--status', 'lost'])).toBe(
      'error: --status must be one of open, in_progress, answered, closed',
    );
    expect(await conversation(u.ssid, t.Id)).toHaveLength(1);

    expect(await ok(['ticket:close', id])).toBe(`ticket #${id} closed`);
    expect((await customerView(u.ssid, t.Id)).Status).toBe('closed');
    expect(await fails(['ticket:close', id])).toBe('error: The ticket is closed: it cannot do that now.');
    expect(await fails(['ticket:reply', id, '--as', 'Grace', '--content', 'late'])).toBe(
      'error: The ticket is closed: it cannot do that now.',
    );
    expect(await fails(['ticket:assign', id, '--to', 'Grace'])).toBe(
      'error: The ticket is closed: it cannot do that now.',
    );
  });
});

describe('the first start', () => {
  it('adds the default ticket types to an empty database, once', async () => {
    const databaseUrl = await freshDatabase();
    const data = mkdtempSync(path.join(tmpdir(), 'nimbus-ticket-seed-'));
    const run = { DATABASE_URL: databaseUrl, DATA_DIR: data, DEMO_ACCOUNT: 'false' };
    try {
      const first = await startServer({ ...run, PORT: String(await freePort()) });
      expect(first.output()).toContain(
        `ticket types (first start): ${DEFAULT_TICKET_TYPES.map((t) => t.name.en_US).join(', ')}`,
      );
      await stop(first.child);
      const second = await startServer({ ...run, PORT: String(await freePort()) });
      expect(second.output()).not.toContain('ticket types');
      await stop(second.child);
      const listed = await admin(['ticket-type:list'], run);
      expect(listed.stdout.trim().split('\n').slice(1)).toEqual(
        DEFAULT_TICKET_TYPES.map(
          ({ name: n, description: d }, i) => `${i + 1}\t${n.en_US}\t${d.en_US}\t${n.zh_CN}\t${d.zh_CN}`,
        ),
      );
    } finally {
      await dropDatabase(databaseUrl);
      rmSync(data, { recursive: true, force: true });
    }
  });
});
