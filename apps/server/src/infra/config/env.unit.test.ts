import { describe, expect, it } from 'vitest';
import { loadConfig, parseDuration } from './env.js';

describe('environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      BRAND_NAME: 'Nimbus',
      SESSION_TTL: 604_800,
      CURRENCY: 'USD',
      PUBLIC_URL: 'http://localhost:8080',
    });
  });

  it('lists every bad variable in one message', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', SESSION_TTL: 'forever', CURRENCY: 'usd', DATABASE_URL: 'mysql://x' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SESSION_TTL[\s\S]*CURRENCY/);
  });

  it('reads durations', () => {
    expect([parseDuration('7d'), parseDuration('12h'), parseDuration('30m'), parseDuration('45')]).toEqual([
      604_800, 43_200, 1_800, 45,
    ]);
    expect(parseDuration('0')).toBeNull();
    expect(parseDuration('1w')).toBeNull();
  });

  it('reads which proxies to trust: none, all, a number of hops or their addresses', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).TRUST_PROXY;
    expect([trust('false'), trust('true'), trust('1'), trust('10.0.0.0/8, 127.0.0.1')]).toEqual([
      false,
      true,
      1,
      '10.0.0.0/8, 127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('takes web addresses only for the terms and privacy links, and none by default', () => {
    expect(loadConfig({}).TERMS_URL).toBeUndefined();
    expect(loadConfig({ PRIVACY_URL: 'https://example.com/privacy' }).PRIVACY_URL).toBe('https://example.com/privacy');
    expect(() => loadConfig({ TERMS_URL: 'javascript:alert(1)' })).toThrow(/TERMS_URL/);
    expect(() => loadConfig({ PRIVACY_URL: 'not a url' })).toThrow(/PRIVACY_URL/);
  });
});
