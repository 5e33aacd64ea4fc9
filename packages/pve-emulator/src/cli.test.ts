import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('standalone CLI', () => {
  it('starts with the nodes and faults asked for, answers with the token and stops on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        cli,
        // Port 0: the system picks a free one, and the banner says which.
        '--port',
        '0',
        '--token',
        'cli@pve!t=s3cret',
        '--schema',
        '9',
        '--speed',
        '0.05',
        '--cluster',
        'jp-1',
        '--nodes',
        'jp-pve1,jp-pve2,jp-pve3',
        '--faults',
        'chaos',
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
    const port = Number(/http:\/\/127\.0\.0\.1:(\d+)\/api2\/json/.exec(banner)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(banner).toMatch(/simulator/);
    expect(banner).toContain('with chaos faults');
    // Its nodes as named, through the faults: a tenth of the calls answer 5xx.
    const get = async (path: string) => {
      for (;;) {
        const res = await fetch(`http://127.0.0.1:${port}/api2/json${path}`, {
          headers: { Authorization: 'PVEAPIToken=cli@pve!t=s3cret' },
        });
        if (res.status < 500) return (await res.json()) as { data: unknown };
      }
    };
    expect(await get('/version')).toMatchObject({ data: { release: '9.1' } });
    const nodes = (await get('/nodes')).data as { node: string }[];
    expect(nodes.map((n) => n.node).sort()).toEqual(['jp-pve1', 'jp-pve2', 'jp-pve3']);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
