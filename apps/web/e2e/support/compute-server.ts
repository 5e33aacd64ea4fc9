// The end-to-end Proxmox: one emulated cluster per default region, in a process of its own, so tests
// can inject faults into the clusters the console talks to. It writes the clusters' COMPUTE_CONFIG
// for the console to read, then serves a small control API on 127.0.0.1.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FaultKind } from '@nimbus/pve-emulator';
import { startEmbeddedCompute } from '../../../server/src/infra/compute/embedded';
import { E2E } from './ports';

export interface FaultRequest {
  region: string;
  kind: FaultKind;
  method?: string;
  /** A regular expression over the API path (relative to /api2/json). */
  path: string;
  times?: number;
  message?: string;
  /** How long a `latency` fault holds the request (the emulator's default: 1 s). */
  latencyMs?: number;
}

const compute = await startEmbeddedCompute(Number(process.env.PVE_EMULATOR_SPEED ?? 0.1));
mkdirSync(path.dirname(E2E.computeConfig), { recursive: true });
writeFileSync(E2E.computeConfig, JSON.stringify(compute.config));

async function body(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return JSON.parse(text || '{}');
}

/** A cluster's Proxmox API with its token, as an operator calls it. */
type Api = (p: string, init?: RequestInit) => Promise<{ data: unknown }>;

/** The VM named `name` in whichever cluster holds it, with that cluster's API; null when none does. */
async function findByName(name: string): Promise<{ region: string; node: string; vmid: number; api: Api } | null> {
  for (const region of compute.config.regions) {
    for (const c of region.clusters) {
      const api: Api = (p, init) =>
        fetch(`${c.apiUrl}/api2/json${p}`, {
          ...init,
          headers: { authorization: `PVEAPIToken=${c.tokenId}=${c.tokenSecret}` },
        }).then((r) => r.json() as Promise<{ data: unknown }>);
      const { data } = await api('/cluster/resources?type=vm');
      const vm = (data as { name?: string; node: string; vmid: number }[]).find((v) => v.name === name);
      if (vm) return { region: region.id, node: vm.node, vmid: vm.vmid, api };
    }
  }
  return null;
}

/**
 * Powers off the VM named `name` through the Proxmox API of whichever cluster holds it, as an
 * operator (or the guest itself) would behind the console's back. Answers whether one was found.
 */
async function stopByName(name: string): Promise<boolean> {
  const vm = await findByName(name);
  if (vm) await vm.api(`/nodes/${vm.node}/qemu/${vm.vmid}/status/stop`, { method: 'POST' });
  return vm !== null;
}

/**
 * Deletes the VM named `name` through the Proxmox API, as an operator cleaning up by hand would:
 * powered off first, then destroyed once Proxmox reports it stopped. Answers whether one was found.
 */
async function removeByName(name: string): Promise<boolean> {
  const vm = await findByName(name);
  if (!vm) return false;
  const base = `/nodes/${vm.node}/qemu/${vm.vmid}`;
  await vm.api(`${base}/status/stop`, { method: 'POST' });
  for (let i = 0; i < 600; i++) {
    const { data } = await vm.api(`${base}/status/current`);
    if ((data as { status?: string }).status === 'stopped') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await vm.api(`${base}?purge=1`, { method: 'DELETE' });
  for (let i = 0; i < 600 && (await findByName(name)); i++) await new Promise((r) => setTimeout(r, 50));
  return true;
}

/** The faults tests armed, by the id their POST answered, to remove one without the others. */
const armed = new Map<number, () => void>();
let lastFaultId = 0;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const send = (status: number, data: unknown = null) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(data));
  };
  void (async () => {
    if (url.pathname === '/health') return send(200, { regions: [...compute.emulators.keys()] });
    if (url.pathname === '/faults' && req.method === 'POST') {
      const f = (await body(req)) as FaultRequest;
      const emu = compute.emulators.get(f.region);
      if (!emu) return send(404, { error: `no region ${f.region}` });
      const id = ++lastFaultId;
      armed.set(
        id,
        emu.faults.add({
          kind: f.kind,
          method: f.method,
          path: new RegExp(f.path),
          times: f.times ?? Infinity,
          message: f.message,
          latencyMs: f.latencyMs,
        }),
      );
      return send(200, { id });
    }
    const one = /^\/faults\/(\d+)$/.exec(url.pathname);
    if (one && req.method === 'DELETE') {
      armed.get(Number(one[1]))?.();
      armed.delete(Number(one[1]));
      return send(200);
    }
    if (url.pathname === '/vm') {
      const vm = compute.emulators.get(url.searchParams.get('region') ?? '')?.vm(Number(url.searchParams.get('vmid')));
      return send(vm ? 200 : 404, vm ?? null);
    }
    if (url.pathname === '/vm/find') {
      const vm = await findByName(url.searchParams.get('name') ?? '');
      return send(vm ? 200 : 404, vm && { region: vm.region, node: vm.node, vmid: vm.vmid });
    }
    if (url.pathname === '/vm/remove' && req.method === 'POST') {
      const removed = await removeByName(url.searchParams.get('name') ?? '');
      return send(removed ? 200 : 404);
    }
    if (url.pathname === '/vm/stop' && req.method === 'POST') {
      const stopped = await stopByName(url.searchParams.get('name') ?? '');
      return send(stopped ? 200 : 404);
    }
    send(404);
  })().catch((e: unknown) => send(500, { error: String(e) }));
});
server.listen(E2E.computePort, '127.0.0.1');

const stop = () => {
  server.close();
  void compute.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
