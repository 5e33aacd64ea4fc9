import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { withTx, type Db } from '../../infra/db/pool.js';
import type { ComputeMap } from './compute-map.js';
import { applyCatalog, CatalogError, validateCatalog } from './import.js';
import { catalog } from './repository.js';

export const DEFAULT_CATALOG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'default-catalog.yaml');

/** Reads a catalogue file (YAML, anchors and `<<` merges allowed; top-level `x-…` keys hold shared parts). */
export function readCatalogText(text: string): unknown {
  let raw: unknown;
  try {
    raw = parse(text, { merge: true });
  } catch (e) {
    throw new CatalogError([`(file): not YAML: ${(e as Error).message.split('\n')[0]}`]);
  }
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    raw = Object.fromEntries(Object.entries(raw).filter(([k]) => !k.startsWith('x-')));
  }
  return raw;
}

/** Validates a catalogue file and makes the database match it, in one transaction. */
export async function importCatalog(db: Db, text: string, compute: ComputeMap | null) {
  const file = validateCatalog(readCatalogText(text), compute);
  return withTx(db, (tx) => applyCatalog(tx, file));
}

/** Imports a catalogue file into an empty database (a first start); false when a catalogue exists. */
export async function seedCatalog(db: Db, file: string, compute: ComputeMap): Promise<boolean> {
  if (!(await catalog.isEmpty(db))) return false;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`CATALOG_FILE: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  await importCatalog(db, text, compute);
  return true;
}

/** The default catalogue into an empty database (first start of the embedded default). */
export const seedDefaultCatalog = (db: Db, compute: ComputeMap) => seedCatalog(db, DEFAULT_CATALOG, compute);
