import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { limitAddress, trustProxyOption, type TrustProxy } from './client-address.js';

/** What Fastify's request.ip says for one request under trustProxyOption(tp): the rate limit's key. */
async function ipOf(tp: TrustProxy, remoteAddress: string, forwarded?: string): Promise<string> {
  const app = Fastify({ trustProxy: trustProxyOption(tp) });
  app.get('/', (req) => ({ ip: req.ip }));
  const res = await app.inject({
    method: 'GET',
    url: '/',
    remoteAddress,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  });
  await app.close();
  return (res.json() as { ip: string }).ip;
}

describe('trustProxyOption', () => {
  it('trusts exactly the configured proxies', async () => {
    expect(await ipOf(false, '127.0.0.1', '203.0.113.7')).toBe('127.0.0.1');
    expect(await ipOf(1, '127.0.0.1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf(2, '127.0.0.1', '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
    expect(await ipOf('loopback', '192.0.2.50', '203.0.113.7')).toBe('192.0.2.50');
    expect(await ipOf('10.0.0.0/8, 127.0.0.1', '127.0.0.1', '198.51.100.1, 10.1.2.3')).toBe('198.51.100.1');
  });
});

describe('limitAddress', () => {
  it('counts IPv6 by its /64 however it is written, and IPv4 (also mapped into IPv6) as is', () => {
    expect(limitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    const net = '2001:db8:0:7::/64';
    for (const ip of [
      '2001:db8:0:7::1',
      '2001:0DB8:0000:0007:ffff:1:2:3',
      '2001:db8::7:0:0:0:9',
      '2001:db8:0:7::1.2.3.4',
    ])
      expect(limitAddress(ip)).toBe(net);
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('2001:db8:0:8::1')).not.toBe(net);
  });
});
