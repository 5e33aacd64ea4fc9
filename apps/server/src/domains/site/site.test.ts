import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';

// The public settings the sign-in and sign-up pages read: the terms and privacy links.

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ TERMS_URL: 'https://example.com/terms', PRIVACY_URL: 'https://example.com/privacy' });
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/site', () => {
  it('answers the terms and privacy addresses to anyone, without a session', async () => {
    const r = await call(h, 'GET', '/api/site');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ TermsUrl: 'https://example.com/terms', PrivacyUrl: 'https://example.com/privacy' });
  });

  it('is described in the OpenAPI document', async () => {
    const r = await call<never>(h, 'GET', '/api/openapi.json');
    expect(Object.keys((r.body as unknown as { paths: Record<string, unknown> }).paths)).toContain('/api/site');
  });
});
