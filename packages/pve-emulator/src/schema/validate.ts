import { checkValue } from './check-value.js';
import type { Operation, ParamErrors, ParamSchema, RawParams } from './types.js';

// Highest index Proxmox accepts for indexed config keys (`net[n]` → net0..net31).
const INDEX_LIMITS: Record<string, number> = {
  net: 32,
  ipconfig: 32,
  scsi: 31,
  ide: 4,
  sata: 6,
  virtio: 16,
  unused: 256,
  serial: 4,
  parallel: 3,
  usb: 14,
  hostpci: 16,
  numa: 8,
  virtiofs: 10,
  mp: 256,
};

/** Finds the schema of a parameter, resolving indexed keys like `net0` to `net[n]`. */
export function findParamSchema(props: Record<string, ParamSchema>, key: string): ParamSchema | undefined {
  const direct = props[key];
  if (direct) return direct;
  const m = /^([a-z_-]+?)(\d+)$/i.exec(key);
  if (!m || m[1] === undefined || m[2] === undefined) return undefined;
  const indexed = props[`${m[1]}[n]`];
  if (!indexed) return undefined;
  if (String(Number(m[2])) !== m[2] || Number(m[2]) >= (INDEX_LIMITS[m[1]] ?? 32)) return undefined;
  return indexed;
}

/** Validates request parameters like pve-common's JSONSchema::validate; returns the errors map. */
export function validateParams(op: Operation, params: RawParams): ParamErrors {
  const props = op.parameters.properties ?? {};
  const errors: ParamErrors = {};
  for (const [name, schema] of Object.entries(props)) {
    if (name.endsWith('[n]')) continue;
    if (params[name] === undefined && !schema.optional) errors[name] = 'property is missing and it is not optional';
  }
  for (const [key, raw] of Object.entries(params)) {
    const schema = findParamSchema(props, key);
    if (!schema) {
      if (!op.parameters.additionalProperties) {
        errors[key] = 'property is not defined in schema and the schema does not allow additional properties';
      }
      continue;
    }
    if (schema.type === 'array') continue;
    if (Array.isArray(raw)) {
      errors[key] = `type check ('${schema.type ?? 'string'}') failed - got ARRAY`;
      continue;
    }
    const err = checkValue(schema, raw);
    if (err) errors[key] = err;
    const requires = schema.requires;
    if (requires && params[requires] === undefined)
      errors[requires] = `missing property - '${key}' requires this property`;
  }
  return errors;
}
