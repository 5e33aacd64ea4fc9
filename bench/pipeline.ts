// What each part of the API pipeline costs a request: Fastify servers built up one step at a time
// towards the app's (request logger, then its hooks, then an async handler whose object is
// serialised), measured in turn with bench/status-load.mjs flat out (64 keep-alive clients) and
// repeated three times, interleaved, so that a drift of the machine hits every step alike. The
// figure is the server process's CPU time per request; the requests carry an `ssid` header and a
// query string like a status poll.
// Usage: node --import tsx bench/pipeline.ts [seconds per measurement=5]
import { fork } from 'node:child_process';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Api } from '../apps/server/src/infra/lib/api.js';
import { createLogger, lazyChildLoggerFactory } from '../apps/server/src/infra/lib/logger.js';
import { installErrorHandler } from '../apps/server/src/infra/http/errors.js';
import { installApiRateLimit } from '../apps/server/src/infra/http/rate-limit.js';
import { installSecurity } from '../apps/server/src/infra/http/security.js';
import { STATUS_SAMPLE } from './status-sample.js';

const seconds = Number(process.argv[2] ?? 5);
const BODY = { data: STATUS_SAMPLE };
const SERIALISED = JSON.stringify(BODY);

const STEPS = [
  ['bare Fastify, no logger, a string answer', {}],
  ['+ pino request loggers (Fastify default: a child per request)', { logger: 'pino' }],
  ['+ request loggers made lazily (the app)', { logger: 'lazy' }],
  ['+ error handler, security headers, rate limit (the app)', { logger: 'lazy', hooks: true }],
  ['+ async handler, object serialised per request', { logger: 'lazy', hooks: true, serialise: true }],
] as const;
type Step = { logger?: 'pino' | 'lazy'; hooks?: boolean; serialise?: boolean };

async function server(step: Step) {
  const log = createLogger('silent') as FastifyBaseLogger;
  const app = Fastify(
    step.logger
      ? { loggerInstance: log, ...(step.logger === 'lazy' ? { childLoggerFactory: lazyChildLoggerFactory } : {}) }
      : { logger: false },
  );
  if (step.hooks) {
    installErrorHandler(app as unknown as Api);
    await installSecurity(app as unknown as Api, { https: false });
  }
  await app.register(
    async (api) => {
      if (step.hooks) installApiRateLimit(api as unknown as Api, 1e9);
      if (step.serialise) api.get('/x', async () => BODY);
      else api.get('/x', (_req, reply) => reply.type('application/json; charset=utf-8').send(SERIALISED));
    },
    { prefix: '/api' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

function load(base: string, secs: number): Promise<{ rps: number; cpuUs: number }> {
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    const child = fork(new URL('./status-load.mjs', import.meta.url));
    child.once('message', (r: { rps: number; requests: number }) => {
      const used = process.cpuUsage(cpu);
      resolve({ rps: r.rps, cpuUs: (used.user + used.system) / Math.max(1, r.requests) });
    });
    child.once('error', reject);
    child.send({
      mode: 'closed',
      base,
      targets: [{ path: '/api/x?id=1234', headers: { ssid: 'a'.repeat(43) } }],
      seconds: secs,
      concurrency: 64,
      sockets: 64,
    });
  });
}

const runs = STEPS.map(() => [] as { rps: number; cpuUs: number }[]);
for (let round = 0; round < 3; round++) {
  for (const [i, [, step]] of STEPS.entries()) {
    const app = await server(step);
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await load(base, 1); // warm-up: JIT and connections
    runs[i]!.push(await load(base, seconds));
    await app.close();
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log('| step | requests/s (median) | server CPU per request (median) | the three runs |');
console.log('| --- | --- | --- | --- |');
for (const [i, [name]] of STEPS.entries()) {
  const r = runs[i]!;
  console.log(
    `| ${name} | ${Math.round(median(r.map((x) => x.rps)))} | ${median(r.map((x) => x.cpuUs)).toFixed(1)} µs | ${r.map((x) => x.cpuUs.toFixed(1)).join(', ')} µs |`,
  );
}
