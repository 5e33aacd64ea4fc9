// The load side of bench/status.ts, in a child process so that it shares neither the server's event
// loop nor its CPU accounting. Requests go over raw keep-alive HTTP/1.1 sockets (one request at a
// time per socket, like a browser's connection): Node's http client costs more CPU per request than
// the routes measured, and client and server share the machine. Two modes:
// - "viewers": open loop; every viewer sends one request every `periodMs`, each at its own random
//   phase, whatever the answers do. Latency is measured from the moment the request was due, so a
//   server (or client) that falls behind shows it instead of hiding it.
// - "closed": `concurrency` clients, each sending its next request as soon as the last is answered,
//   for the highest rate the server sustains.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const { mode, base, targets, seconds, periodMs, concurrency, sockets } = await new Promise((resolve) =>
  process.once('message', resolve),
);
const url = new URL(base);
const latencies = [];
let errors = 0;
const statuses = {};
const wire = targets.map((t) =>
  Buffer.from(
    `GET ${t.path} HTTP/1.1\r\nhost: ${url.host}\r\n` +
      Object.entries(t.headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      '\r\n',
  ),
);

/** A keep-alive connection answering one request at a time. */
function connection() {
  const socket = net.connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  let buf = Buffer.alloc(0);
  let current = null;
  const queue = [];
  const next = () => {
    if (current || queue.length === 0) return;
    current = queue.shift();
    socket.write(wire[current.target]);
  };
  socket.on('data', (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      const head = buf.indexOf('\r\n\r\n');
      if (head < 0 || !current) return;
      const text = buf.toString('latin1', 0, head);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1] ?? 0);
      if (buf.length < head + 4 + length) return;
      buf = buf.subarray(head + 4 + length);
      const status = Number(text.slice(9, 12));
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== 200) errors++;
      latencies.push(performance.now() - current.due);
      const done = current.done;
      current = null;
      done();
      next();
    }
  });
  socket.on('error', () => {
    errors++;
    current?.done();
    current = null;
  });
  return {
    send(target, due) {
      return new Promise((done) => {
        queue.push({ target, due, done });
        next();
      });
    },
    get busy() {
      return (current ? 1 : 0) + queue.length;
    },
    close: () => socket.destroy(),
  };
}

const pool = Array.from({ length: sockets }, connection);
let rr = 0;
/** Sends on the least busy of a few connections (round robin when all are idle). */
function send(target, due) {
  let best = pool[rr++ % pool.length];
  if (best.busy > 0) for (const c of pool) if (c.busy < best.busy) best = c;
  return best.send(target, due);
}

const started = performance.now();
const end = started + seconds * 1000;
if (mode === 'viewers') {
  const next = targets.map(() => started + Math.random() * periodMs);
  const inflight = new Set();
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (now >= end) return resolve();
      for (let i = 0; i < targets.length; i++) {
        while (next[i] <= now && next[i] < end) {
          const p = send(i, next[i]);
          inflight.add(p);
          void p.then(() => inflight.delete(p));
          next[i] += periodMs;
        }
      }
      setTimeout(tick, 2);
    };
    tick();
  });
  await Promise.all(inflight);
} else {
  await Promise.all(
    Array.from({ length: concurrency }, async (_, c) => {
      // Each client has its own connection and starts at its own share of the targets.
      const conn = pool[c % pool.length];
      let i = Math.floor((c * targets.length) / concurrency);
      while (performance.now() < end) await conn.send(i++ % targets.length, performance.now());
    }),
  );
}
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
process.send({
  requests: latencies.length,
  rps: latencies.length / elapsed,
  p50: q(0.5),
  p90: q(0.9),
  p99: q(0.99),
  max: latencies.at(-1) ?? NaN,
  errors,
  statuses,
});
for (const c of pool) c.close();
process.disconnect();
