import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TicketAttachment } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { pngBytes } from '../../../test/ticket-helpers.js';
import { staffTokens } from '../accounts/index.js';

// Broken multipart bodies on both attachment routes, sent over real HTTP as a hostile
// client writes them, and file names that would read backwards on a page.

let h: Harness;
let dir: string;
let base: string;
let customer: string;
let desk: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'nimbus-multipart-'));
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', DATA_DIR: dir });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  customer = (await signUp(h)).ssid;
  desk = (await staffTokens.create(h.db, 'Helpdesk', ['tickets'])).token;
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const ROUTES = [
  { who: 'customer', url: '/api/ticket/attachment', auth: () => ({ ssid: customer }) },
  { who: 'staff', url: '/api/staff/ticket/attachment', auth: () => ({ authorization: `Bearer ${desk}` }) },
];

const part = (boundary: string, filename: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    ),
    bytes,
  ]);

async function post(url: string, headers: Record<string, string>, contentType: string, body: Buffer) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code?: string; data: TicketAttachment } };
}

const BROKEN: [string, string, Buffer][] = [
  ['no boundary', 'multipart/form-data', Buffer.concat([part('B', 'a.png', pngBytes()), Buffer.from('\r\n--B--\r\n')])],
  ['an empty boundary', 'multipart/form-data; boundary=', Buffer.from('--\r\n\r\n----\r\n')],
  ['an unterminated part', 'multipart/form-data; boundary=B', part('B', 'a.png', pngBytes())],
  [
    'unterminated part headers',
    'multipart/form-data; boundary=B',
    Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Ty'),
  ],
  [
    'a boundary other than the declared one',
    'multipart/form-data; boundary=DECLARED',
    Buffer.concat([part('OTHER', 'a.png', pngBytes()), Buffer.from('\r\n--OTHER--\r\n')]),
  ],
];

describe('a broken multipart body', () => {
  for (const route of ROUTES) {
    it.each(BROKEN)(`is 400 parse_data_error on the ${route.who} route: %s`, async (_, type, body) => {
      const r = await post(route.url, route.auth(), type, body);
      expect([r.status, r.body.code]).toEqual([400, 'parse_data_error']);
    });
  }

  it('leaves the route working for the next, well-formed upload', async () => {
    const ok = await post(
      '/api/ticket/attachment',
      { ssid: customer },
      'multipart/form-data; boundary=B',
      Buffer.concat([part('B', 'fine.png', pngBytes()), Buffer.from('\r\n--B--\r\n')]),
    );
    expect([ok.status, ok.body.data.Name]).toEqual([200, 'fine.png']);
  });
});

describe('file names', () => {
  it('lose their bidirectional controls, on both routes', async () => {
    // "invoice‮gnp.exe" shows as "invoiceexe.png"; the other marks hide or reorder text the same way.
    const name = 'in\u200evoice\u202egnp\u202c\u2066.\u2067p\u2068\u2069n\u202a\u202b\u202dg\u200f';
    for (const route of ROUTES) {
      const r = await post(
        route.url,
        route.auth(),
        'multipart/form-data; boundary=B',
        Buffer.concat([part('B', name, pngBytes()), Buffer.from('\r\n--B--\r\n')]),
      );
      expect([route.who, r.status, r.body.data.Name]).toEqual([route.who, 200, 'invoicegnp.png']);
    }
  });
});
