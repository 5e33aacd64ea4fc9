import { readFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import { z } from 'zod';

const id = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'lowercase letters, digits and hyphens');
const ipv4 = z.string().refine((v) => isIPv4(v), 'an IPv4 address');
const cidr = z.string().refine((v) => {
  const [ip, bits] = v.split('/');
  return !!ip && isIPv4(ip) && /^\d+$/.test(bits ?? '') && Number(bits) <= 32;
}, 'an IPv4 CIDR such as 203.0.113.0/24');

export const IpPoolSchema = z.object({
  cidr,
  gateway: ipv4,
  /** First and last address handed to instances (inclusive). */
  range: z.tuple([ipv4, ipv4]),
  nameservers: z.array(ipv4).min(1).default(['1.1.1.1', '8.8.8.8']),
});

export const ClusterSchema = z
  .object({
    name: id,
    apiUrl: z.url({ protocol: /^https?$/ }),
    /** API token id, USER@REALM!TOKENID. */
    tokenId: z.string().regex(/^[^@\s]+@[^!\s]+![A-Za-z0-9._-]+$/, 'USER@REALM!TOKENID'),
    tokenSecret: z.string().min(1),
    /** A user (not a token) for console tickets: Proxmox consoles need a ticket session. */
    consoleUser: z.string().regex(/^[^@\s]+@\S+$/, 'USER@REALM'),
    consolePassword: z.string().min(1),
    /** SHA-256 fingerprint of the API certificate (colon hex), for self-signed clusters. */
    fingerprint: z
      .string()
      .regex(/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/, 'colon-separated SHA-256 fingerprint')
      .optional(),
    nodes: z.array(z.string().min(1)).min(1),
    storage: z.string().min(1),
    backupStorage: z.string().min(1),
    bridge: z.string().min(1),
    /** Template VMID per image key (for example "debian-12"). */
    templates: z.record(z.string().regex(/^[a-z0-9][a-z0-9.-]*$/), z.number().int().min(100).max(999_999_999)),
    ipPools: z.array(IpPoolSchema).min(1),
    /**
     * The VMIDs this installation gives its VMs on this cluster (first and last, inclusive). Two
     * installations sharing a cluster need ranges that do not overlap: a start that finds another
     * installation's VMs in its range refuses to go on.
     */
    vmidRange: z
      .tuple([z.number().int().min(100).max(999_999_999), z.number().int().min(100).max(999_999_999)])
      .refine(([first, last]) => first <= last, 'the first VMID must not be above the last')
      .default([10_000, 999_999_999]),
    /** Task-creating calls (clone, start…) at once per node and per storage; defaults 4 and 2. */
    limits: z
      .object({
        perNode: z.number().int().min(1).max(64).default(4),
        perStorage: z.number().int().min(1).max(64).default(2),
      })
      .strict()
      .default({ perNode: 4, perStorage: 2 }),
  })
  .strict();

export const RegionSchema = z.object({ id, name: z.string().min(1), clusters: z.array(ClusterSchema).min(1) }).strict();

export const ComputeConfigSchema = z
  .object({ regions: z.array(RegionSchema).min(1) })
  .strict()
  .refine((c) => new Set(c.regions.map((r) => r.id)).size === c.regions.length, 'region ids must be unique');

export type ComputeConfig = z.infer<typeof ComputeConfigSchema>;
export type ClusterConfig = z.infer<typeof ClusterSchema>;
export type IpPool = z.infer<typeof IpPoolSchema>;

/** Reads COMPUTE_CONFIG: inline JSON or a path to a JSON file; errors name the bad field. */
export function readComputeConfig(value: string): ComputeConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(value.trim().startsWith('{') ? value : readFileSync(value, 'utf8'));
  } catch (e) {
    throw new Error(`COMPUTE_CONFIG: cannot read JSON (${(e as Error).message})`);
  }
  const parsed = ComputeConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`COMPUTE_CONFIG is invalid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
