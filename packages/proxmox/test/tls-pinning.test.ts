import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { ConsoleSession, ProxmoxClient, ProxmoxError } from '../src/index.js';

let dir: string;
let server: https.Server;
let url: string;
let fingerprint: string;
let seen = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pve-tls-'));
  // A self-signed certificate like a fresh Proxmox node's, generated per run.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=pve1.test',
      '-addext',
      'subjectAltName=DNS:pve1.test',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  fingerprint = new X509Certificate(cert).fingerprint256;
  server = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    seen++;
    const data = req.url?.endsWith('/access/ticket')
      ? { ticket: 'PVE:u@pve:1::sig', CSRFPreventionToken: 'csrf', username: 'u@pve' }
      : { version: '8.4.1', release: '8.4', repoid: 'abc' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws, req) => ws.send(`hello ${req.headers.cookie ?? ''}`));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const client = (tls: ConstructorParameters<typeof ProxmoxClient>[0]['tls']) =>
  new ProxmoxClient({ baseUrl: url, token: 'a@pve!b=c', tls, retry: { maxAttempts: 3, baseMs: 1, maxMs: 1 } });

describe('TLS pinning', () => {
  it('connects to a self-signed node when the fingerprint matches (any case / format)', async () => {
    const c = client({ fingerprint: fingerprint.toLowerCase() });
    await expect(c.cluster.version()).resolves.toMatchObject({ version: '8.4.1' });
    await expect(c.cluster.version()).resolves.toMatchObject({ version: '8.4.1' }); // pooled socket
    c.close();
  });

  it('refuses a wrong fingerprint with a pinning error, sends nothing and does not retry', async () => {
    const before = seen;
    const wrong = fingerprint.replace(/^../, fingerprint.startsWith('00') ? '11' : '00');
    const c = client({ fingerprint: wrong });
    const e = await c.cluster.version().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProxmoxError);
    expect(e).toMatchObject({ kind: 'pinning' });
    expect((e as Error).message).toMatch(/fingerprint mismatch/);
    expect(seen).toBe(before);
    c.close();
  });

  it('without a pin, normal CA verification rejects the self-signed certificate', async () => {
    const before = seen;
    const c = client({});
    await expect(c.cluster.version()).rejects.toMatchObject({ kind: 'tls' });
    expect(seen).toBe(before);
    c.close();
  });

  it('trusts the certificate when given as CA', async () => {
    const c = client({ ca: readFileSync(join(dir, 'cert.pem')) });
    // CA trust alone keeps hostname checks: the certificate names pve1.test, not 127.0.0.1.
    await expect(c.cluster.version()).rejects.toMatchObject({ kind: 'tls', reason: expect.stringMatching(/altnames/) });
    c.close();
  });

  it('with the certificate as CA and a matching name, normal verification passes', async () => {
    // Connect to 127.0.0.1 but verify the name the certificate carries, as a DNS setup would.
    const c = client({ ca: readFileSync(join(dir, 'cert.pem')), servername: 'pve1.test' });
    await expect(c.cluster.version()).resolves.toMatchObject({ version: '8.4.1' });
    c.close();
  });

  it('rejectUnauthorized: false is honoured when asked for explicitly', async () => {
    const c = client({ rejectUnauthorized: false });
    await expect(c.cluster.version()).resolves.toMatchObject({ version: '8.4.1' });
    c.close();
  });

  it('pins the console WebSocket too', async () => {
    const good = await ConsoleSession.login({ baseUrl: url, username: 'u@pve', password: 'p', tls: { fingerprint } });
    const ws = await good.openWebSocket('pve1', 100, { port: 5900, ticket: 't' });
    const msg = await new Promise<string>((resolve) => {
      ws.once('message', (d: Buffer) => resolve(d.toString()));
      ws.resume();
    });
    expect(msg).toBe(`hello PVEAuthCookie=${encodeURIComponent('PVE:u@pve:1::sig')}`);
    ws.close();
    good.close();
    const bad = fingerprint.replace(/^../, fingerprint.startsWith('00') ? '11' : '00');
    await expect(
      ConsoleSession.login({ baseUrl: url, username: 'u@pve', password: 'p', tls: { fingerprint: bad } }),
    ).rejects.toMatchObject({ kind: 'pinning' });
  });
});
