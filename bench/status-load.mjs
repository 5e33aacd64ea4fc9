// The load side of bench/status.ts, in a child process so that it shares neither the server's event
// loop nor its CPU accounting. Two modes:
// - "viewers": open loop; every viewer sends one request every `periodMs`, each at its own random
//   phase, whatever the answers do. Latency is measured from the moment the request was due, so a
//   server (or client) that falls behind shows it instead of hiding it.
// - "closed": `concurrency` clients, each sending its next request as soon as the last is answered,
//   for the highest rate the server sustains.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const { mode, base, targets, seconds, periodMs, concurrency, sockets } = await new Promise((resolve) =>
  process.once('message', resolve),
);
const url = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
const latencies = [];
let errors = 0;
const statuses = {};

function send(target, due) {
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: target.path, headers: target.headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => {
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (res.statusCode !== 200) errors++;
          latencies.push(performance.now() - due);
          resolve();
        });
      },
    );
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end();
  });
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
          const p = send(targets[i], next[i]);
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
      // Each client starts at its own share of the targets, so together they cover all of them.
      let i = Math.floor((c * targets.length) / concurrency);
      while (performance.now() < end) {
        await send(targets[i++ % targets.length], performance.now());
      }
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
agent.destroy();
process.disconnect();
