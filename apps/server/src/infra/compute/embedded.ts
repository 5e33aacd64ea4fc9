import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startEmulator, type Emulator, type TemplateInfo } from '@nimbus/pve-emulator';
import type { ComputeConfig } from './config.js';

/** The regions seeded when no COMPUTE_CONFIG is given: the flagged regions, documentation address ranges. */
const DEFAULT_REGIONS = [
  { id: 'hk', name: 'Hong Kong', net: '203.0.113' },
  { id: 'jp', name: 'Tokyo', net: '198.51.100' },
  { id: 'sg', name: 'Singapore', net: '192.0.2' },
  { id: 'us', name: 'Los Angeles', net: '198.18.0' },
] as const;

/** The image key of a template, e.g. debian-12, ubuntu-24.04, windows-2022. */
export const imageKey = (t: TemplateInfo) => `${t.distribution}-${t.version}`.toLowerCase();

/** The region ids of the embedded default. */
export const EMBEDDED_REGION_IDS: readonly string[] = DEFAULT_REGIONS.map((r) => r.id);

export interface EmbeddedCompute {
  config: ComputeConfig;
  /** The emulator of each region, e.g. to inject faults in tests. */
  emulators: Map<string, Emulator>;
  close(): Promise<void>;
}

/**
 * Starts one emulated cluster (two nodes) per default region, in-process on 127.0.0.1, with a
 * fresh token and console user each, and describes them exactly as real clusters are described.
 * With `stateDir`, each cluster's VMs and backups are kept in `stateDir/<region>.json` (loaded at
 * start, written shortly after each change), so the demo's servers survive a restart or a crash.
 */
export async function startEmbeddedCompute(
  speed: number,
  limits: { perNode: number; perStorage: number } = { perNode: 4, perStorage: 2 },
  stateDir?: string,
): Promise<EmbeddedCompute> {
  const started: Emulator[] = [];
  const emulators = new Map<string, Emulator>();
  try {
    const regions = [];
    for (const r of DEFAULT_REGIONS) {
      const secret = randomBytes(16).toString('hex');
      const consolePassword = randomBytes(16).toString('hex');
      const emu = await startEmulator({
        speed,
        tokens: [`nimbus@pve!console=${secret}`],
        users: [{ username: 'nimbus-console@pve', password: consolePassword }],
        cluster: { name: `${r.id}-1`, nodes: [`${r.id}-pve1`, `${r.id}-pve2`] },
        stateFile: stateDir ? path.join(stateDir, `${r.id}.json`) : undefined,
      });
      started.push(emu);
      emulators.set(r.id, emu);
      regions.push({
        id: r.id,
        name: r.name,
        clusters: [
          {
            name: `${r.id}-1`,
            apiUrl: emu.url,
            tokenId: 'nimbus@pve!console',
            tokenSecret: secret,
            consoleUser: 'nimbus-console@pve',
            consolePassword,
            nodes: [`${r.id}-pve1`, `${r.id}-pve2`],
            storage: 'ceph-vm',
            backupStorage: 'backup',
            bridge: 'vmbr0',
            templates: Object.fromEntries(emu.templates.map((t) => [imageKey(t), t.vmid])),
            limits,
            vmidRange: [10_000, 999_999_999] as [number, number],
            ipPools: [
              {
                cidr: `${r.net}.0/24`,
                gateway: `${r.net}.1`,
                range: [`${r.net}.10`, `${r.net}.250`] as [string, string],
                nameservers: ['1.1.1.1', '8.8.8.8'],
              },
            ],
          },
        ],
      });
    }
    return { config: { regions }, emulators, close: () => closeAll(started) };
  } catch (e) {
    await closeAll(started);
    throw e;
  }
}

async function closeAll(emulators: Emulator[]): Promise<void> {
  await Promise.all(emulators.map((e) => e.close().catch(() => undefined)));
}
