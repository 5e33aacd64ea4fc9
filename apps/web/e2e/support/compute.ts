import { E2E } from './ports';
import type { FaultRequest } from './compute-server';

const control = `http://127.0.0.1:${E2E.computePort}`;

/**
 * Arms a fault in the emulated Proxmox of a region (`times` to limit it); answers a function that
 * removes this fault alone, so that tests running meanwhile keep the faults they armed.
 */
export async function injectFault(f: FaultRequest): Promise<() => Promise<void>> {
  const res = await fetch(`${control}/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(f),
  });
  if (!res.ok) throw new Error(`inject fault: ${res.status}`);
  const { id } = (await res.json()) as { id: number };
  return async () => {
    const removed = await fetch(`${control}/faults/${id}`, { method: 'DELETE' });
    if (!removed.ok) throw new Error(`remove fault ${id}: ${removed.status}`);
  };
}

/** A VM as the emulated Proxmox of a region holds it, or null. */
export async function proxmoxVm(
  region: string,
  vmid: number,
): Promise<{ status: string; config: Record<string, string> } | null> {
  const res = await fetch(`${control}/vm?region=${region}&vmid=${vmid}`);
  return res.ok ? ((await res.json()) as { status: string; config: Record<string, string> }) : null;
}

/** Powers off the VM with this name in whichever emulated cluster holds it (behind the console's back). */
export async function stopVmByName(name: string): Promise<void> {
  const res = await fetch(`${control}/vm/stop?name=${encodeURIComponent(name)}`, { method: 'POST' });
  if (!res.ok) throw new Error(`stop ${name}: ${res.status}`);
}

/** Deletes the VM with this name from whichever emulated cluster holds it (behind the console's back). */
export async function removeVmByName(name: string): Promise<void> {
  const res = await fetch(`${control}/vm/remove?name=${encodeURIComponent(name)}`, { method: 'POST' });
  if (!res.ok) throw new Error(`remove ${name}: ${res.status}`);
}

/** Where the VM with this name lives (its region, node and VMID), to aim a fault at it alone. */
export async function findVm(name: string): Promise<{ region: string; node: string; vmid: number }> {
  const res = await fetch(`${control}/vm/find?name=${encodeURIComponent(name)}`);
  if (!res.ok) throw new Error(`find ${name}: ${res.status}`);
  return (await res.json()) as { region: string; node: string; vmid: number };
}
