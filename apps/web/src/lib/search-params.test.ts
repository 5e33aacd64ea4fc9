import { describe, expect, it } from 'vitest';
import { parseExpires, parseLoginSearch, sessionFromSearch } from './search-params';

const NOW = Date.parse('2030-01-01T00:00:00Z');

describe('parseLoginSearch', () => {
  it('coerces router-parsed values', () => {
    expect(parseLoginSearch({ ssid: 123, uid: '7', code: 403, redirect: '/me', expires: 'x' })).toEqual({
      ssid: '123',
      uid: 7,
      code: 403,
      redirect: '/me',
      expires: 'x',
    });
    expect(parseLoginSearch({ uid: 'abc', redirect: ['/'] })).toEqual({});
    expect(parseLoginSearch({ oauth_code: 'abc', redirect: '/me' })).toEqual({ oauth_code: 'abc', redirect: '/me' });
    expect(parseLoginSearch({ oauth_error: 'email_exist', provider: 'github' })).toEqual({
      oauth_error: 'email_exist',
      provider: 'github',
    });
  });
});

describe('sessionFromSearch', () => {
  it('stores a session from a third-party return', () => {
    const session = sessionFromSearch({ ssid: 'abc', uid: 5, expires: '2030-01-02T00:00:00Z' }, NOW);
    expect(session).toEqual({ session_id: 'abc', user_id: 5, expire_at: '2030-01-02T00:00:00.000Z' });
  });

  it('accepts epoch seconds and milliseconds', () => {
    expect(parseExpires('1893542400')?.toISOString()).toBe('2030-01-02T00:00:00.000Z');
    expect(parseExpires('1893542400000')?.toISOString()).toBe('2030-01-02T00:00:00.000Z');
  });

  it('refuses a missing ssid, a bad uid or a past expiry', () => {
    const expires = '2030-01-02T00:00:00Z';
    expect(sessionFromSearch({ uid: 5, expires }, NOW)).toBeNull();
    expect(sessionFromSearch({ ssid: 'a', uid: 0, expires }, NOW)).toBeNull();
    expect(sessionFromSearch({ ssid: 'a', uid: -1, expires }, NOW)).toBeNull();
    expect(sessionFromSearch({ ssid: 'a', uid: 1.5, expires }, NOW)).toBeNull();
    expect(sessionFromSearch({ ssid: 'a', uid: 5, expires: '2029-12-31T00:00:00Z' }, NOW)).toBeNull();
    expect(sessionFromSearch({ ssid: 'a', uid: 5, expires: 'soon' }, NOW)).toBeNull();
    expect(sessionFromSearch({ ssid: 'a', uid: 5 }, NOW)).toBeNull();
  });
});
