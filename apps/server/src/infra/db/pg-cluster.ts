import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { binPath, type PgBinaries, type RunAs } from './pg-host.js';

const ENV = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };

function own(target: string, user: RunAs | null): void {
  if (user) chownSync(target, user.uid, user.gid);
}

function run(program: string, args: string[], user: RunAs | null): ChildProcess {
  return spawn(program, args, { env: ENV, stdio: ['ignore', 'pipe', 'pipe'], ...(user ?? {}) });
}

/** Creates a cluster in `dir` whose superuser postgres has `password` (scram-sha-256, UTF-8). */
export async function initCluster(b: PgBinaries, dir: string, password: string, user: RunAs | null): Promise<void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  own(dir, user);
  chmodSync(dir, 0o700);
  const pwfile = path.join(path.dirname(dir), `.pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  own(pwfile, user);
  try {
    const child = run(
      binPath(b, 'initdb'),
      [
        `--pgdata=${dir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      user,
    );
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed: ${output.trim().split('\n').slice(-3).join(' ')}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

/** postgres could not listen: something else holds its port. */
export class PortTakenError extends Error {}

export interface RunningCluster {
  stop(): Promise<void>;
}

/** Starts postgres on 127.0.0.1:port without a Unix socket; resolves once it accepts connections. */
export function startCluster(
  b: PgBinaries,
  dir: string,
  port: number,
  user: RunAs | null,
  log: Logger,
): Promise<RunningCluster> {
  const child = run(
    binPath(b, 'postgres'),
    ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    user,
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    const slow = setTimeout(() => child.kill('SIGQUIT'), 30_000);
    await exited;
    clearTimeout(slow);
  };
  return new Promise((resolve, reject) => {
    let tail = '';
    child.stdout?.on('data', (d: Buffer) => log.debug({ pg: d.toString().trim() }, 'postgres'));
    child.stderr?.on('data', (d: Buffer) => {
      const text = d.toString();
      log.debug({ pg: text.trim() }, 'postgres');
      tail = (tail + text).slice(-2000);
      if (tail.includes('ready to accept connections')) resolve({ stop });
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const last = tail.trim().split('\n').slice(-2).join(' ');
      const message = `postgres exited (${code ?? signal}) before accepting connections: ${last}`;
      reject(
        /could not bind IPv4 address[^\n]*Address already in use/.test(tail)
          ? new PortTakenError(message)
          : new Error(message),
      );
    });
  });
}
