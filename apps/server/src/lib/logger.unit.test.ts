import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('log redaction', () => {
  it('removes session ids, tokens and codes from logged URLs', () => {
    expect(redactUrl('/login?ssid=abc123&uid=4&expires=2030-01-01&redirect=%2Fme')).toBe(
      '/login?ssid=[redacted]&uid=4&expires=2030-01-01&redirect=%2Fme',
    );
    expect(redactUrl('/x?a=1&token=t0k&code=123456')).toBe('/x?a=1&token=[redacted]&code=[redacted]');
    expect(redactUrl('/api/oauth/callback/github?code=c0de&state=st4te&iss=x')).toBe(
      '/api/oauth/callback/github?code=[redacted]&state=[redacted]&iss=x',
    );
    expect(redactUrl('/dashboard')).toBe('/dashboard');
  });
});
