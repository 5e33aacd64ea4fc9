import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs Node with these arguments to completion. */
function run(nodeArgs: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, nodeArgs, {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Builds the console's and the operator CLI's bundles once, before test workers start them side by
 * side (each would otherwise build its own the first time).
 */
export function prepareBundles(): void {
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const b = await import('./scripts/bundle.mjs'); await b.bundle('server'); await b.bundle('admin');",
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`the server's bundles were not built: ${r.stderr}`);
}

/** Runs the operator CLI as `npm run admin` does (scripts/admin.mjs). */
export function admin(args: string[], env: Record<string, string>): Promise<Run> {
  return run(['scripts/admin.mjs', ...args], env);
}

/**
 * The Node arguments of `npm run serve` in checkout `tree` (a release before 0.2.0 ran
 * `node --import tsx apps/server/src/main.ts`, this one `node scripts/serve.mjs`), without npm in
 * between, so that a signal sent to the child reaches the server itself.
 */
function serveArgs(tree: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')) as { scripts: { serve: string } };
  const [node, ...args] = pkg.scripts.serve.split(/\s+/);
  if (node !== 'node') throw new Error(`npm run serve in ${tree} is not a node command: ${pkg.scripts.serve}`);
  return args;
}

/** Runs the server as `npm run serve` does until it exits (a start that must be refused). */
export const serverOnce = (env: Record<string, string>) => run(serveArgs(ROOT), env);

/**
 * Starts the server as `npm start` would (minus the build) and waits for its banner; `tree` is the
 * checkout to run (this one by default, another release's in the upgrade test).
 */
export function startServer(
  env: Record<string, string>,
  tree = ROOT,
): Promise<{ child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, serveArgs(tree), {
      cwd: tree,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('is running at')) resolve({ child, output: () => out });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** Sends a signal and resolves with the exit code. */
export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('close');
    child.on('close', (code) => resolve(code));
    child.kill(signal);
  });
}

// A port from the kernel's own pool (listen on 0, close, hand it to a child) can be taken before
// the child binds it: every outgoing connection on the machine draws its local port from that same
// pool (32768-60999 on Linux), and so does the next freePort of a test file running beside this
// one. A server then died with EADDRINUSE, one run in many. Ports are handed out below that pool
// instead, from a block of its own for each Vitest worker, and each one is tried before it is given.
// Two Vitest runs side by side (npm test runs the suites on the machine's Node and on Node 24 at
// once) take different blocks: TEST_PORT_SLOT (0–1) picks the run's half of the eight.
const PORT_BLOCK = 1500;
const PORT_FLOOR = 20_000;
const worker = (Number(process.env.TEST_PORT_SLOT ?? 0) * 4 + Number(process.env.VITEST_POOL_ID ?? 0)) % 8;
let nextPort = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A TCP port on 127.0.0.1 that is free now and that nothing else in the test run will be given. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORT_BLOCK; tries++) {
    const port = PORT_FLOOR + worker * PORT_BLOCK + (nextPort++ % PORT_BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in this worker's block from ${PORT_FLOOR + worker * PORT_BLOCK}`);
}
