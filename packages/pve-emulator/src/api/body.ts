import type { IncomingMessage } from 'node:http';
import type { RawParams } from '../schema/types.js';
import { PveError } from './errors.js';

/** Reads the whole request body. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function add(target: RawParams, key: string, value: string): void {
  const prev = target[key];
  if (prev === undefined) target[key] = value;
  else target[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
}

/** Form/query decoding; repeated keys become lists (for array params like agent exec's command). */
export function parseForm(text: string, into: RawParams = {}): RawParams {
  for (const [k, v] of new URLSearchParams(text)) add(into, k, v);
  return into;
}

function scalar(v: unknown): string {
  // Perl sees JSON true/false as 1/0, so do we.
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Decodes a POST/PUT body by content type into string parameters. */
export function parseBody(text: string, contentType: string | undefined, into: RawParams): RawParams {
  const json = contentType?.includes('application/json') ?? false;
  // pve-http-server decodes an empty JSON body to undef and then dereferences it (seen by Convoy on termproxy).
  if (json && text.trim() === '') throw new PveError(500, 'Not a HASH reference');
  if (text.trim() === '') return into;
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new PveError(400, 'malformed JSON string');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new PveError(400, 'Not a HASH reference');
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      into[k] = Array.isArray(v) ? v.map(scalar) : scalar(v);
    }
    return into;
  }
  return parseForm(text, into);
}
