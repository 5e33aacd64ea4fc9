import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../test/processes.js';
import { createLogger } from '../lib/logger.js';
import { Compute } from './compute.js';
import { readComputeConfig } from './config.js';

const log = createLogger('silent');
const IMAGES = ['almalinux-9', 'debian-12', 'rocky-9', 'ubuntu-24.04', 'windows-2022'];

describe('the embedded default: an emulated cluster per region', () => {
  let compute: Compute;
  beforeAll(async () => {
    compute = await Compute.start({ installation: '0123456789abcdef', emulatorSpeed: 0.05, log });
  });
  afterAll(() => compute.close());

  it('serves hk, jp, sg and us, each a cluster of two nodes with every image', async () => {
    expect(compute.emulated).toBe(true);
    expect(compute.regions().map((r) => r.id)).toEqual(['hk', 'jp', 'sg', 'us']);
    for (const region of compute.regions()) {
      const [cluster] = region.clusters;
      expect(Object.keys(cluster!.config.templates).sort()).toEqual(IMAGES);
      const nodes = await cluster!.client.cluster.nodes();
      expect(nodes.map((n) => n.node).sort()).toEqual([`${region.id}-pve1`, `${region.id}-pve2`]);
    }
    const probes = await compute.probe();
    expect(probes.every((p) => p.version && !p.error)).toBe(true);
  });

  it('clones a template of the configured id through the client', async () => {
    const hk = compute.region('hk')!.clusters[0]!;
    const vmid = await hk.client.cluster.nextId();
    await hk.client.qemu.clone(hk.config.nodes[0]!, hk.config.templates['debian-12']!, {
      newid: vmid,
      name: 'compute-test',
      full: true,
      target: hk.config.nodes[1]!,
    });
    const status = await hk.client.qemu.status(hk.config.nodes[1]!, vmid);
    expect(status.status).toBe('stopped');
  });

  it('opens console tickets with the console user, not the token', async () => {
    const jp = compute.region('jp')!.clusters[0]!;
    const vmid = await jp.client.cluster.nextId();
    await jp.client.qemu.clone(jp.config.nodes[0]!, jp.config.templates['ubuntu-24.04']!, { newid: vmid, full: true });
    const session = await jp.consoleSession();
    expect(await jp.consoleSession()).toBe(session);
    const vnc = await session.vncproxy(jp.config.nodes[0]!, vmid);
    expect(vnc.port).toBeGreaterThan(0);
    expect(vnc.ticket.length).toBeGreaterThan(10);
  });
});

describe('COMPUTE_CONFIG against a standalone emulator process', () => {
  let emulator: ChildProcess;
  let configFile: string;
  beforeAll(async () => {
    emulator = spawn(
      'npm',
      [
        'run',
        '--silent',
        'pve-emulator',
        '--',
        // Port 0: the system picks a free one, and the banner says which.
        '--port',
        '0',
        '--token',
        'panel@pve!prod=s3cret',
        '--user',
        'console@pve',
        '--password',
        'tickets!',
        '--speed',
        '0.05',
      ],
      // Its own process group: npm does not pass SIGTERM on to the emulator it starts.
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    const port = await new Promise<string>((resolve) => {
      let out = '';
      emulator.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (listening) resolve(listening[1]!);
      });
    });
    const cluster = {
      name: 'lab-1',
      apiUrl: `http://127.0.0.1:${port}`,
      tokenId: 'panel@pve!prod',
      tokenSecret: 's3cret',
      consoleUser: 'console@pve',
      consolePassword: 'tickets!',
      nodes: ['pve1', 'pve2'],
      storage: 'ceph-vm',
      backupStorage: 'backup',
      bridge: 'vmbr0',
      templates: { 'debian-12': 9000 },
      ipPools: [{ cidr: '203.0.113.0/24', gateway: '203.0.113.1', range: ['203.0.113.10', '203.0.113.20'] }],
    };
    configFile = path.join(mkdtempSync(path.join(tmpdir(), 'nimbus-compute-')), 'compute.json');
    writeFileSync(configFile, JSON.stringify({ regions: [{ id: 'lab', name: 'Lab', clusters: [cluster] }] }), {
      mode: 0o600,
    });
  });
  afterAll(async () => {
    const exited = new Promise((resolve) => emulator.once('exit', resolve));
    process.kill(-emulator.pid!, 'SIGTERM');
    await exited;
  });

  it('talks to the configured cluster over HTTP with the token and the console user', async () => {
    const compute = await Compute.start({
      installation: '0123456789abcdef',
      configValue: configFile,
      emulatorSpeed: 1,
      log,
    });
    try {
      expect(compute.emulated).toBe(false);
      const [probe] = await compute.probe();
      expect(probe).toMatchObject({ region: 'lab', cluster: 'lab-1' });
      expect(probe!.version).toMatch(/^8\./);
      const session = await compute.region('lab')!.clusters[0]!.consoleSession();
      expect(session.ticket.ticket).toMatch(/^PVE:console@pve:/);
    } finally {
      await compute.close();
    }
  });

  it('reports a wrong token instead of starting blind', async () => {
    const bad = readComputeConfig(configFile);
    bad.regions[0]!.clusters[0]!.tokenSecret = 'wrong';
    const compute = await Compute.start({
      installation: '0123456789abcdef',
      configValue: JSON.stringify(bad),
      emulatorSpeed: 1,
      log,
    });
    try {
      const [probe] = await compute.probe();
      expect(probe!.error).toBeTruthy();
    } finally {
      await compute.close();
    }
  });
});

describe('reading COMPUTE_CONFIG', () => {
  it('names every invalid field', () => {
    const bad = {
      regions: [
        {
          id: 'HK',
          name: 'Hong Kong',
          clusters: [{ name: 'x', apiUrl: 'ftp://x', tokenId: 'nope', nodes: [], ipPools: [{ cidr: '10.0.0.0/33' }] }],
        },
      ],
    };
    expect(() => readComputeConfig(JSON.stringify(bad))).toThrow(
      /regions\.0\.id[\s\S]*apiUrl[\s\S]*tokenId[\s\S]*nodes[\s\S]*ipPools\.0\.cidr/,
    );
    expect(() => readComputeConfig('/no/such/file.json')).toThrow(/cannot read JSON/);
  });
});
