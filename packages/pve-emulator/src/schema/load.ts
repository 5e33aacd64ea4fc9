import { readFileSync } from 'node:fs';
import type { Operation, SchemaFile } from './types.js';

const cache = new Map<8 | 9, SchemaFile>();

/** Loads a vendored schema subset (from the package's own `schema/` folder, never from shared/). */
export function loadSchema(version: 8 | 9): SchemaFile {
  let schema = cache.get(version);
  if (!schema) {
    const url = new URL(`../../schema/pve${version}-api-subset.json`, import.meta.url);
    schema = JSON.parse(readFileSync(url, 'utf8')) as SchemaFile;
    cache.set(version, schema);
  }
  return schema;
}

/** Every operation the emulator serves: the subset's operations plus its extras. */
export function allOperations(version: 8 | 9): Operation[] {
  const schema = loadSchema(version);
  return [...schema.operations, ...schema.extras];
}
