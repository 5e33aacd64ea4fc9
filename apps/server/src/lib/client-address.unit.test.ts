import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, limitAddress, trustProxyOption, type TrustProxy } from './client-address.js';

/** What Fastify's request.ip and clientAddress say for one request under `tp`. */
async function both(tp: TrustProxy, remoteAddress: string, forwarded?: string) {
  const app = Fastify({ trustProxy: trustProxyOption(tp) });
  const ours = clientAddress(tp);
  app.get('/', (req) => ({ fastify: req.ip, ours: ours(req.raw) }));
  const res = await app.inject({
    method: 'GET',
    url: '/',
    remoteAddress,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  });
  await app.close();
  return res.json() as { fastify: string; ours: string };
}

describe('clientAddress', () => {
  it('is the address Fastify gives request.ip under every kind of TRUST_PROXY', async () => {
    const settings: TrustProxy[] = [false, true, 1, 2, 'loopback', '10.0.0.0/8, 127.0.0.1'];
    const requests: [string, string | undefined][] = [
      ['127.0.0.1', undefined],
      ['127.0.0.1', '203.0.113.7'],
      ['127.0.0.1', '198.51.100.1, 10.1.2.3'],
      ['10.1.2.3', '198.51.100.1, 203.0.113.7'],
      ['192.0.2.50', '203.0.113.7'],
    ];
    for (const tp of settings) {
      for (const [remote, forwarded] of requests) {
        const { fastify, ours } = await both(tp, remote, forwarded);
        expect(ours, `${String(tp)} ${remote} ${forwarded}`).toBe(fastify);
      }
    }
  });

  it('trusts exactly the configured proxies', async () => {
    expect((await both(false, '127.0.0.1', '203.0.113.7')).ours).toBe('127.0.0.1');
    expect((await both(1, '127.0.0.1', '198.51.100.1, 203.0.113.7')).ours).toBe('203.0.113.7');
    expect((await both(2, '127.0.0.1', '198.51.100.1, 203.0.113.7')).ours).toBe('198.51.100.1');
    expect((await both('loopback', '192.0.2.50', '203.0.113.7')).ours).toBe('192.0.2.50');
    expect((await both('10.0.0.0/8, 127.0.0.1', '127.0.0.1', '198.51.100.1, 10.1.2.3')).ours).toBe('198.51.100.1');
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
