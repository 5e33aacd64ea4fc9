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
/** How late the generator sent each request (open loop only): its own share of the latencies. */
const lags = [];
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
  // Viewers in the order of their random phases: the schedule repeats every period in that order,
  // so each wake-up dispatches what fell due from a cursor instead of scanning every viewer (a
  // 10,000-viewer scan every tick made the generator itself late, and that lateness counted as
  // latency). The wake-ups come every millisecond; `lag` records how late each request left.
  const phase = targets.map(() => Math.random() * periodMs);
  const order = targets.map((_, i) => i).sort((a, b) => phase[a] - phase[b]);
  const inflight = new Set();
  let round = 0;
  let cursor = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (;;) {
        const i = order[cursor];
        const due = started + round * periodMs + phase[i];
        if (due > now || due >= end) break;
        lags.push(now - due);
        const p = send(i, due);
        inflight.add(p);
        void p.then(() => inflight.delete(p));
        if (++cursor === order.length) {
          cursor = 0;
          round++;
        }
      }
      if (now >= end) return resolve();
      setTimeout(tick, 1);
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
lags.sort((a, b) => a - b);
const at = (list, p) => list[Math.min(list.length - 1, Math.floor(p * list.length))] ?? NaN;
const q = (p) => at(latencies, p);
process.send({
  requests: latencies.length,
  rps: latencies.length / elapsed,
  p50: q(0.5),
  p90: q(0.9),
  p99: q(0.99),
  max: latencies.at(-1) ?? NaN,
  errors,
  statuses,
  lagP99: at(lags, 0.99),
});
for (const c of pool) c.close();
process.disconnect();
