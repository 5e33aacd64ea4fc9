import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('standalone CLI', () => {
  it('starts, answers with the token and stops on SIGTERM', async () => {
    const port = await freePort();
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        cli,
        '--port',
        String(port),
        '--token',
        'cli@pve!t=s3cret',
        '--schema',
        '9',
        '--speed',
        '0.05',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const banner = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out);
      });
      child.once('exit', (code) => reject(new Error(`exited ${String(code)}`)));
    });
    expect(banner).toContain(`http://127.0.0.1:${port}`);
    expect(banner).toMatch(/simulator/);
    const res = await fetch(`http://127.0.0.1:${port}/api2/json/version`, {
      headers: { Authorization: 'PVEAPIToken=cli@pve!t=s3cret' },
    });
    expect(await res.json()).toMatchObject({ data: { release: '9.1' } });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
