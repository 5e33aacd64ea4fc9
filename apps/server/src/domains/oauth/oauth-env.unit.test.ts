import { describe, expect, it } from 'vitest';
import { configuredProviders } from './providers.js';
import { loadConfig } from '../../infra/config/env.js';

const provider = { id: 'corp', name: 'Corp SSO', issuer: 'https://sso.example.com', clientId: 'c', clientSecret: 's' };

describe('third-party login settings', () => {
  it('are off when nothing is set', () => {
    const c = loadConfig({});
    expect(configuredProviders(c)).toEqual([]);
    expect([c.GITHUB_URL, c.GITHUB_API_URL]).toEqual(['https://github.com', 'https://api.github.com']);
  });

  it('offer GitHub and each OpenID Connect provider', () => {
    const c = loadConfig({
      OIDC_PROVIDERS: JSON.stringify([provider, { ...provider, id: 'local', issuer: 'http://127.0.0.1:9000/oidc' }]),
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
    });
    expect(configuredProviders(c)).toEqual([
      { Id: 'github', Name: 'GitHub', Kind: 'github' },
      { Id: 'corp', Name: 'Corp SSO', Kind: 'oidc' },
      { Id: 'local', Name: 'Corp SSO', Kind: 'oidc' },
    ]);
  });

  it('stop the server with a clear message when wrong', () => {
    const bad = (OIDC_PROVIDERS: unknown) =>
      expect(() =>
        loadConfig({
          OIDC_PROVIDERS: typeof OIDC_PROVIDERS === 'string' ? OIDC_PROVIDERS : JSON.stringify(OIDC_PROVIDERS),
        }),
      );
    bad('[{"id": "corp",').toThrow(/OIDC_PROVIDERS: expected JSON/);
    bad({ id: 'corp' }).toThrow(/OIDC_PROVIDERS/);
    bad([{ ...provider, issuer: 'http://sso.example.com' }]).toThrow(
      /OIDC_PROVIDERS\.0\.issuer: expected an https URL/,
    );
    bad([{ ...provider, clientSecret: '' }]).toThrow(/OIDC_PROVIDERS\.0\.clientSecret/);
    bad([{ ...provider, id: 'Corp SSO' }]).toThrow(/OIDC_PROVIDERS\.0\.id/);
    bad([{ ...provider, id: 'github' }]).toThrow(/kept for GITHUB_CLIENT_ID/);
    bad([{ ...provider, extra: 1 }]).toThrow(/OIDC_PROVIDERS\.0/);
    bad([provider, provider]).toThrow(/every provider needs its own id/);
    expect(() => loadConfig({ GITHUB_CLIENT_ID: 'id' })).toThrow(/GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET: set both/);
    expect(() => loadConfig({ GITHUB_URL: 'ftp://github.example' })).toThrow(/GITHUB_URL/);
  });
});
