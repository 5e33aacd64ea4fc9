import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, LazyChildLogger, lazyChildLoggerFactory, redactUrl } from './logger.js';

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

  it("keeps a console socket's ticket (and Proxmox's vncticket) out of the request lines", async () => {
    const { log, lines } = capture('info');
    const app = Fastify({ loggerInstance: log as FastifyBaseLogger, childLoggerFactory: lazyChildLoggerFactory });
    app.get('/api/instance/xterm/ws', async () => ({ ok: true }));
    await app.inject('/api/instance/xterm/ws?id=7&ticket=S3cretTicket&vncticket=PVEVNC%3AS3cretToo');
    await app.close();
    const text = JSON.stringify(lines);
    expect(text).not.toContain('S3cret');
    expect(lines.find((l) => l.req)?.req).toMatchObject({
      url: '/api/instance/xterm/ws?id=7&ticket=[redacted]&vncticket=[redacted]',
    });
  });
});

/** A logger writing its JSON lines into an array. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe('request loggers (made only when a line is written)', () => {
  it('writes what a pino child writes: the request id, the message, redaction', () => {
    const { log, lines } = capture('info');
    const lazy = lazyChildLoggerFactory(log, { reqId: 'req-7' }, {});
    const eager = log.child({ reqId: 'req-7' });
    for (const l of [lazy, eager]) {
      l.info({ body: { Password: 'secret-1' } }, 'signed in');
      l.debug('not at info');
      l.child({ step: 2 }).warn('from a child');
    }
    const strip = ({ time: _t, pid: _p, hostname: _h, ...rest }: Record<string, unknown>) => rest;
    expect(lines.map(strip)).toEqual([
      { level: 30, reqId: 'req-7', body: { Password: '[redacted]' }, msg: 'signed in' },
      { level: 40, reqId: 'req-7', step: 2, msg: 'from a child' },
      { level: 30, reqId: 'req-7', body: { Password: '[redacted]' }, msg: 'signed in' },
      { level: 40, reqId: 'req-7', step: 2, msg: 'from a child' },
    ]);
  });

  it("keeps a route's own level and reports it", () => {
    const { log, lines } = capture('info');
    const lazy = new LazyChildLogger(log, { reqId: 'req-8' }, { level: 'warn' });
    expect(lazy.level).toBe('warn');
    expect(lazy.isLevelEnabled('info')).toBe(false);
    expect(lazy.isLevelEnabled('error')).toBe(true);
    lazy.info('quiet');
    lazy.error('loud');
    expect(lines.map((l) => [l.level, l.reqId, l.msg])).toEqual([[50, 'req-8', 'loud']]);
    lazy.level = 'debug';
    lazy.debug('now heard');
    expect(lines.at(-1)).toMatchObject({ level: 20, reqId: 'req-8', msg: 'now heard' });
  });

  it("logs Fastify's request lines with the request id, and none for a route at warn", async () => {
    const { log, lines } = capture('info');
    const app = Fastify({ loggerInstance: log as FastifyBaseLogger, childLoggerFactory: lazyChildLoggerFactory });
    app.get('/loud', async (req) => {
      req.log.info('handler line');
      return { ok: true };
    });
    app.get('/quiet', { logLevel: 'warn' }, async () => ({ ok: true }));
    await app.inject('/loud');
    await app.inject('/quiet');
    await app.close();
    const msgs = lines.filter((l) => l.reqId).map((l) => [l.reqId, l.msg]);
    expect(msgs).toEqual([
      ['req-1', 'incoming request'],
      ['req-1', 'handler line'],
      ['req-1', 'request completed'],
    ]);
  });
});
