import { ProxmoxError, type ClusterResource, type ProxmoxClient } from '@nimbus/proxmox';
import type { Queryable } from '../db/pool.js';

// A VMID is not proof that a VM is ours. Every VM Nimbus clones carries two marks, set
// in its description by the clone itself (so no VM of ours ever exists without them): the
// installation's identity and the instance's id. A tag with the identity follows with the VM's
// configuration, so one `GET /cluster/resources` shows whose VMs a range holds. Nimbus adopts, acts on,
// opens consoles to and deletes only VMs whose description carries both of the expected marks.

/** What a VM of ours carries: the installation that made it and the instance it is for. */
export interface Marks {
  installation: string;
  instance: number;
}

const INSTALLATION_LINE = /^nimbus-installation:\s*([0-9a-f]{16})\s*$/m;
const INSTANCE_LINE = /^nimbus-instance:\s*(\d+)\s*$/m;
const TAG = /^nimbus-([0-9a-f]{16})$/;

/** This installation's identity, made once by migration 0050 and never changed. */
export async function installationIdentity(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ identity: string }>('select identity from installation');
  if (!rows[0]) throw new Error('the installation row is missing (migration 0050)');
  return rows[0].identity;
}

/** The description a clone is given: the two marks, with a word for whoever reads it in Proxmox. */
export function markDescription(m: Marks): string {
  return [
    'Managed by Nimbus: do not edit or remove these lines.',
    `nimbus-installation: ${m.installation}`,
    `nimbus-instance: ${m.instance}`,
  ].join('\n');
}

/** The marks a VM's description carries; null when either is missing. */
export function readMarks(description: string | undefined): Marks | null {
  const installation = INSTALLATION_LINE.exec(description ?? '')?.[1];
  const instance = INSTANCE_LINE.exec(description ?? '')?.[1];
  return installation && instance ? { installation, instance: Number(instance) } : null;
}

/** The tag every VM of an installation carries (Proxmox tags: letters, digits, `-`, `_`, `+`, `.`). */
export const installationTag = (installation: string) => `nimbus-${installation}`;

/** A VM's tags list with the installation's tag added (Proxmox separates tags with `;`). */
export function withInstallationTag(tags: string | undefined, installation: string): string {
  const list = splitTags(tags);
  const tag = installationTag(installation);
  return (list.includes(tag) ? list : [...list, tag]).join(';');
}

const splitTags = (tags: string | undefined) => (tags ?? '').split(/[;,\s]+/).filter(Boolean);

/** The installation identities a row's tags name (normally none or one). */
export function taggedInstallations(tags: string | undefined): string[] {
  return splitTags(tags).flatMap((t) => {
    const m = TAG.exec(t);
    return m ? [m[1]!] : [];
  });
}

/**
 * What holds a VMID on a node: `missing` (no VM), `ours` (its description carries both expected
 * marks) or `foreign` (another installation's, another instance's, or a VM nobody marked).
 */
export type Presence = 'missing' | 'ours' | 'foreign';

/** Reads the VM's config (Proxmox answers 500 "does not exist" for a VMID no VM holds). */
export async function vmPresence(
  client: ProxmoxClient,
  node: string,
  vmid: number,
  expected: Marks,
): Promise<Presence> {
  let description: string | undefined;
  try {
    description = (await client.qemu.config(node, vmid)).values.description;
  } catch (e) {
    if (e instanceof ProxmoxError && /does not exist/i.test(e.reason)) return 'missing';
    throw e;
  }
  const marks = readMarks(description);
  return marks && marks.installation === expected.installation && marks.instance === expected.instance
    ? 'ours'
    : 'foreign';
}

/** A VM in a cluster's range: the installation it is marked for and its instance (null: unmarked). */
export interface MarkedVm {
  vmid: number;
  node: string;
  installation: string | null;
  /** Read only for VMs not tagged as another installation's. */
  instance: number | null;
}

/**
 * The VMs of a cluster inside `range`, with their marks: tags tell most VMs apart in the one
 * listing; a VM without an installation tag (a foreign VM, or one whose clone finished but whose
 * tag was not set yet) or tagged as ours (its instance id is needed) has its description read.
 */
export async function vmsInRange(
  client: ProxmoxClient,
  range: readonly [number, number],
  installation: string,
  rows?: ClusterResource[],
): Promise<MarkedVm[]> {
  const all = rows ?? (await client.cluster.resources('vm'));
  const inRange = all.filter((r) => r.vmid !== undefined && r.vmid >= range[0] && r.vmid <= range[1] && !r.template);
  const out: MarkedVm[] = [];
  for (const r of inRange) {
    const vmid = r.vmid!;
    const node = r.node ?? '';
    const tagged = taggedInstallations(r.tags);
    const foreign = tagged.find((t) => t !== installation);
    if (foreign && !tagged.includes(installation)) {
      out.push({ vmid, node, installation: foreign, instance: null });
      continue;
    }
    const description = await client.qemu
      .config(node, vmid)
      .then((c) => c.values.description)
      .catch((e: unknown) => {
        // Deleted between the listing and now: not in the range any more.
        if (e instanceof ProxmoxError && /does not exist/i.test(e.reason)) return null;
        throw e;
      });
    if (description === null) continue;
    const marks = readMarks(description);
    out.push({ vmid, node, installation: marks?.installation ?? null, instance: marks?.instance ?? null });
  }
  return out;
}

/** A cluster as the start check sees it. */
export interface RangeToCheck {
  key: string;
  client: ProxmoxClient;
  range: readonly [number, number];
}

/**
 * Refuses to start (throws, naming each conflict) when a cluster's configured VMID range holds VMs
 * another installation marked: two installations counting in one range would hand each other's
 * VMs to customers. A cluster that does not answer is left to the reconcile pass (and logged by
 * the start probe); unmarked VMs in the range are not a conflict (their VMIDs are never reused).
 */
export async function assertRangesClear(clusters: RangeToCheck[], installation: string): Promise<void> {
  const conflicts: string[] = [];
  for (const c of clusters) {
    let vms: MarkedVm[];
    try {
      // VMs tagged as ours need no closer look here: only another installation's marks matter.
      const rows = (await c.client.cluster.resources('vm')).filter((r) => {
        const tagged = taggedInstallations(r.tags);
        return !(tagged.length > 0 && tagged.every((t) => t === installation));
      });
      vms = await vmsInRange(c.client, c.range, installation, rows);
    } catch {
      continue;
    }
    const by = new Map<string, number[]>();
    for (const v of vms)
      if (v.installation && v.installation !== installation)
        by.set(v.installation, [...(by.get(v.installation) ?? []), v.vmid]);
    for (const [other, vmids] of by) {
      const shown = vmids.slice(0, 5).join(', ') + (vmids.length > 5 ? ` and ${vmids.length - 5} more` : '');
      conflicts.push(
        `  cluster ${c.key}: VMIDs ${c.range[0]}-${c.range[1]} hold VMs of installation ${other} (VMID ${shown})`,
      );
    }
  }
  if (conflicts.length)
    throw new Error(
      `Another Nimbus installation uses this installation's VMID range (this installation is ${installation}):\n` +
        `${conflicts.join('\n')}\n` +
        'Give each installation its own range with "vmidRange" per cluster in COMPUTE_CONFIG (README, "Compute").',
    );
}
