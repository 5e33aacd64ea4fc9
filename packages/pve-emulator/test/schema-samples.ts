import { checkValue } from '../src/schema/check-value.js';
import type { ParamSchema } from '../src/schema/types.js';

const BY_FORMAT: Record<string, string> = {
  'pve-node': 'pve1',
  'pve-vmid': '100',
  'pve-storage-id': 'local',
  'pve-configid': 'snap1',
  'dns-name': 'web-1',
  CIDR: '10.0.0.1/32',
  IPorCIDR: '10.0.0.1',
  IPorCIDRorAlias: '10.0.0.1',
  ip: '10.0.0.1',
  email: 'a@example.com',
  'pve-fw-addr-spec': '10.0.0.1',
  'pve-vmid-list': '100',
  'pve-configid-list': 'name',
  urlencoded: 'abc',
};
const GENERIC = [
  'abc',
  'abcdefgh',
  'ACCEPT',
  'a1',
  'snap1',
  '1',
  '+1G',
  '1G',
  'net0',
  'scsi0',
  '10.0.0.1',
  'pve1',
  'in',
];

/** A value that passes the schema (found by trying typical candidates), for the schema suite. */
export function validSample(schema: ParamSchema): string {
  const type = schema.type ?? 'string';
  if (schema.enum?.[0] !== undefined) return schema.enum[0];
  if (type === 'boolean') return '1';
  if (type === 'integer' || type === 'number') return String(schema.minimum ?? 1);
  if (schema.format && typeof schema.format === 'object') {
    const parts: string[] = [];
    for (const [key, sub] of Object.entries(schema.format)) {
      if (sub.default_key) parts.unshift(validSample(sub));
      else if (!sub.optional && !sub.alias) parts.push(`${key}=${validSample(sub)}`);
    }
    return parts.join(',');
  }
  const candidates = [typeof schema.format === 'string' ? BY_FORMAT[schema.format] : undefined, ...GENERIC];
  for (const c of candidates) if (c !== undefined && checkValue(schema, c) === undefined) return c;
  throw new Error(`no valid sample for ${JSON.stringify(schema).slice(0, 200)}`);
}

/** A value of the wrong type (or outside enum/format) and whether it is a pure type error. */
export function invalidSample(schema: ParamSchema): { value: string; typeError: boolean } | undefined {
  const type = schema.type ?? 'string';
  if (type === 'integer' || type === 'number' || type === 'boolean') return { value: 'abc', typeError: true };
  for (const value of ['not-in-enum!', 'bad value!', '', 'x'.repeat(600)]) {
    if (checkValue(schema, value) !== undefined) return { value, typeError: false };
  }
  return undefined;
}
