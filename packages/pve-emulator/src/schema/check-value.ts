import { checkNamedFormat } from './formats.js';
import type { ParamSchema } from './types.js';

const BOOL_TRUE = /^(1|true|yes|on)$/i;
const BOOL_FALSE = /^(0|false|no|off)$/i;

/** Checks one scalar value against its schema; returns Proxmox's message on failure. */
export function checkValue(schema: ParamSchema, value: string): string | undefined {
  const type = schema.type ?? 'string';
  if (type === 'integer' || type === 'number') {
    const ok = type === 'integer' ? /^[+-]?\d+$/.test(value) : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value);
    if (!ok) return `type check ('${type}') failed - got '${value}'`;
    const n = Number(value);
    if (schema.minimum !== undefined && n < schema.minimum)
      return `value must have a minimum value of ${schema.minimum}`;
    if (schema.maximum !== undefined && n > schema.maximum)
      return `value must have a maximum value of ${schema.maximum}`;
  } else if (type === 'boolean') {
    if (!BOOL_TRUE.test(value) && !BOOL_FALSE.test(value)) return `type check ('boolean') failed - got '${value}'`;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    return `value '${value}' does not have a value in the enumeration '${schema.enum.join(', ')}'`;
  }
  if (type !== 'string') return undefined;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    return `value may only be ${schema.maxLength} characters long`;
  }
  if (schema.minLength !== undefined && value.length < schema.minLength) {
    return `value must be at least ${schema.minLength} characters long`;
  }
  // Proxmox anchors schema patterns: `^${pattern}$`.
  if (schema.pattern !== undefined && !new RegExp(`^(?:${schema.pattern})$`).test(value)) {
    return `value does not match the regex pattern`;
  }
  if (typeof schema.format === 'string') {
    const err = checkNamedFormat(schema.format, value);
    if (err) return `invalid format - ${err}`;
  } else if (schema.format) {
    const err = checkPropertyString(schema.format, value);
    if (err) return `invalid format - ${err}`;
  }
  return undefined;
}

/** Parses a `key=value,key=value` property string into its keys, or returns the parse error. */
export function parsePropertyString(
  format: Record<string, ParamSchema>,
  value: string,
): { values: Record<string, string> } | { error: string } {
  const values: Record<string, string> = {};
  for (const part of value.split(',')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    let key: string;
    let val: string;
    if (eq > 0) {
      key = part.slice(0, eq);
      val = part.slice(eq + 1);
      const alias = format[key]?.alias;
      if (alias) key = alias;
      if (!format[key]) {
        const keyAlias = Object.entries(format).find(([, s]) => s.keyAlias === key);
        if (!keyAlias) return { error: `invalid key in comma-separated list property: ${key}` };
      }
    } else if (eq < 0) {
      const def = Object.entries(format).find(([, s]) => s.default_key);
      if (!def) return { error: 'value without key, but schema does not define a default key' };
      key = def[0];
      val = part;
    } else {
      return { error: 'missing key in comma-separated list property' };
    }
    if (values[key] !== undefined) return { error: `duplicate key in comma-separated list property: ${key}` };
    values[key] = val;
  }
  return { values };
}

function checkPropertyString(format: Record<string, ParamSchema>, value: string): string | undefined {
  const parsed = parsePropertyString(format, value);
  if ('error' in parsed) return parsed.error;
  for (const [key, schema] of Object.entries(format)) {
    const v = parsed.values[key];
    if (v === undefined) {
      if (!schema.optional && !schema.alias) return `format error - ${key}: property is missing and it is not optional`;
      continue;
    }
    const err = checkValue(schema, v);
    if (err) return `format error - ${key}: ${err}`;
  }
  return undefined;
}
