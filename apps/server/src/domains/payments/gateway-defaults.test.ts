import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PaymentMethods } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { dropDatabase, freshDatabase, startHarness, type Harness } from '../../../test/harness.js';
import { freePort, startServer, stop } from '../../../test/processes.js';
import { startEmbeddedCompute, type EmbeddedCompute } from '../../infra/compute/embedded.js';

// The sandbox gateway approves whatever its customer asks. It is a default of the embedded
// demo only; beside clusters named in COMPUTE_CONFIG it is on only when the operator names it, and
// then every start says so. The clusters here are emulated, described to the server as COMPUTE_CONFIG
// exactly as real ones are.

const gatewaysOf = (m: PaymentMethods) => m.Methods.filter((x) => x.Kind === 'gateway');

describe('real compute and no PAYMENT_GATEWAYS', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
  });
  afterAll(() => h.close());

  it('offers no gateway, refuses a sandbox top-up and serves no sandbox page or callback', async () => {
    const u = await signUp(h);
    const methods = await call<PaymentMethods>(h, 'GET', '/api/paymentMethods', { ssid: u.ssid });
    expect(methods.status).toBe(200);
    expect(methods.body.data.Methods.map((m) => m.Id)).toEqual(['balance']);

    const topUp = await call(h, 'POST', '/api/balance/topup', {
      ssid: u.ssid,
      body: { Amount: 1000, Method: 'sandbox' },
    });
    expect([topUp.status, topUp.body.code]).toEqual([409, 'invalid_option']);
    const callback = await h.app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/webhook',
      payload: JSON.stringify({ paymentId: 1, decision: 'approve' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(callback.statusCode).toBe(404);
    const page = await h.app.inject({ method: 'GET', url: '/pay/sandbox/1?t=x' });
    expect(page.body).not.toContain('TEST GATEWAY');
    const { rows } = await h.db.query('select 1 from payments');
    expect(rows).toEqual([]);
  });
});

describe('real compute with PAYMENT_GATEWAYS=sandbox named by the operator', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', PAYMENT_GATEWAYS: 'sandbox' }, { compute: {} });
  });
  afterAll(() => h.close());

  it('offers the sandbox, marked as a test gateway', async () => {
    const u = await signUp(h);
    const methods = await call<PaymentMethods>(h, 'GET', '/api/paymentMethods', { ssid: u.ssid });
    expect(gatewaysOf(methods.body.data)).toEqual([
      { Id: 'sandbox', Name: expect.any(String), Kind: 'gateway', Test: true },
    ]);
  });
});

describe('the server process', () => {
  let compute: EmbeddedCompute;
  let databaseUrl: string;
  let dataDir: string;
  beforeAll(async () => {
    compute = await startEmbeddedCompute(0.05);
    databaseUrl = await freshDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-gateways-'));
  });
  afterAll(async () => {
    await compute.close();
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('warns in its banner and its log on every start with the sandbox beside real compute', async () => {
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      DEMO_ACCOUNT: 'false',
      COMPUTE_CONFIG: JSON.stringify(compute.config),
      PAYMENT_GATEWAYS: 'sandbox',
    };
    for (let start = 0; start < 2; start++) {
      const server = await startServer({ ...env, PORT: String(await freePort()) });
      try {
        const out = server.output();
        expect(out).toContain('payments: gateways sandbox');
        expect(out).toMatch(/WARNING: PAYMENT_GATEWAYS names the sandbox beside real compute/);
        const logged = out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { level: number; msg: string });
        expect(logged).toContainEqual(
          expect.objectContaining({ level: 40, msg: expect.stringMatching(/^PAYMENT_GATEWAYS names the sandbox/) }),
        );
      } finally {
        const code = await stop(server.child);
        expect(code, server.output()).toBe(0);
      }
    }
  });
});
