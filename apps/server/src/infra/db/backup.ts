import { once } from 'node:events';
import { cpSync, createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import PgBoss from 'pg-boss';
import type { Db, Tx } from './pool.js';
import { migrationNames } from './migrate.js';

/**
 * A logical backup of the console (docs/operations.md, "Backup and restore"): every row of our
 * schema and of pg-boss's, read in one snapshot, plus the folders of DATA_DIR that hold state
 * (ticket attachments, the emulated clusters' VMs). It needs no PostgreSQL programs, which the
 * embedded default does not ship, and runs while the console serves.
 */

const FORMAT = 1;
const SCHEMAS = ['public', 'pgboss'];
const ROWS_FILE = 'database.ndjson.gz';
const MANIFEST = 'manifest.json';
const BATCH = 500;
/** The folders of DATA_DIR a backup carries, when they exist. */
export const STATE_FOLDERS = ['attachments', 'emulated-clusters'] as const;

export interface Manifest {
  format: number;
  createdAt: string;
  /** The migrations the database had: a backup is restored by the release that made it. */
  migrations: string[];
  /** pg-boss's schema version, or null when its schema was not there yet. */
  pgboss: number | null;
  /** Rows per table, `schema.table`. */
  tables: Record<string, number>;
  /** Sequences, `schema.name`: [last_value, is_called]. */
  sequences: Record<string, [string, boolean]>;
  folders: string[];
}

const quoted = (qualified: string) =>
  qualified
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

/** pg-boss's queues: saved first, since a queue's jobs go into a partition made with it. */
const QUEUES = 'pgboss.queue';
/** Tables that are not data: the migrations applied (the manifest's), the processes live now. */
const NOT_DATA = ['public.schema_migrations', 'public.replicas'];

async function tablesOf(tx: Tx): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1) and not c.relispartition order by 1`,
    [SCHEMAS],
  );
  const names = rows.map((r) => r.name).filter((n) => !NOT_DATA.includes(n));
  return names.includes(QUEUES) ? [QUEUES, ...names.filter((n) => n !== QUEUES)] : names;
}

async function pgbossVersion(tx: Tx): Promise<number | null> {
  const { rows } = await tx.query<{ present: boolean }>(`select to_regclass('pgboss.version') is not null as present`);
  if (!rows[0]!.present) return null;
  const version = await tx.query<{ version: number }>('select version from pgboss.version');
  return version.rows[0]?.version ?? null;
}

/** Writes `line` to the stream, waiting when its buffer is full. */
async function write(stream: NodeJS.WritableStream, line: string): Promise<void> {
  if (!stream.write(line)) await once(stream, 'drain');
}

/**
 * Writes a backup into `dir`, which must not exist yet. The rows come from one repeatable-read
 * snapshot, so the copy is consistent whatever the console does meanwhile; the folders are copied
 * after it (an attachment saved meanwhile is a file no row names, which does no harm).
 */
export async function writeBackup(db: Db, dataDir: string | null, dir: string): Promise<Manifest> {
  if (existsSync(dir)) throw new Error(`${dir} already exists: name a new folder`);
  // It holds password hashes and sessions: only its owner may read it.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    migrations: [],
    pgboss: null,
    tables: {},
    sequences: {},
    folders: [],
  };
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(path.join(dir, ROWS_FILE)));
  const tx = await db.connect();
  try {
    await tx.query('begin isolation level repeatable read read only');
    manifest.migrations = (
      await tx.query<{ name: string }>('select name from schema_migrations order by name')
    ).rows.map((r) => r.name);
    manifest.pgboss = await pgbossVersion(tx);
    for (const table of await tablesOf(tx)) {
      let count = 0;
      await tx.query(
        `declare rows_out no scroll cursor for select row_to_json(t)::text as row from ${quoted(table)} t`,
      );
      for (;;) {
        const { rows } = await tx.query<{ row: string }>(`fetch ${BATCH} from rows_out`);
        for (const r of rows) await write(gzip, `{"t":${JSON.stringify(table)},"r":${r.row}}\n`);
        count += rows.length;
        if (rows.length < BATCH) break;
      }
      await tx.query('close rows_out');
      manifest.tables[table] = count;
    }
    const { rows: sequences } = await tx.query<{ name: string }>(
      `select schemaname || '.' || sequencename as name from pg_sequences where schemaname = any($1) order by 1`,
      [SCHEMAS],
    );
    for (const { name } of sequences) {
      const { rows } = await tx.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${quoted(name)}`,
      );
      manifest.sequences[name] = [rows[0]!.last_value, rows[0]!.is_called];
    }
    await tx.query('commit');
  } catch (e) {
    await tx.query('rollback').catch(() => undefined);
    gzip.destroy();
    await done.catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw e;
  } finally {
    tx.release();
  }
  gzip.end();
  await done;
  for (const folder of dataDir ? STATE_FOLDERS : []) {
    const from = path.join(dataDir!, folder);
    if (!existsSync(from)) continue;
    // The attachments folder's replica marks belong to the live processes, not to the backup.
    cpSync(from, path.join(dir, 'files', folder), {
      recursive: true,
      filter: (src) => path.basename(src) !== '.replicas',
    });
    manifest.folders.push(folder);
  }
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export function readManifest(dir: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new Error(`${dir} holds no backup (${MANIFEST} is missing or unreadable)`);
  }
  if (manifest.format !== FORMAT) throw new Error(`${dir}: backup format ${manifest.format} is not known`);
  return manifest;
}

/**
 * pg-boss's statements that make its schema, inside our transaction: it wraps them in a
 * transaction of its own, whose COMMIT would end ours.
 */
function jobSchemaPlan(): string {
  const plan = PgBoss.getConstructionPlans('pgboss').trim();
  if (!plan.startsWith('BEGIN;') || !plan.endsWith('COMMIT;')) throw new Error('pg-boss made an unexpected plan');
  return `${plan.slice('BEGIN;'.length, -'COMMIT;'.length)}; set local idle_in_transaction_session_timeout = 0`;
}

async function insertBatch(tx: Tx, table: string, columns: string, rows: string[]): Promise<void> {
  if (table === QUEUES) {
    // Each queue's partition of pgboss.job first, by pg-boss's own function; then the rows as saved.
    await tx.query(
      `select pgboss.create_queue(r.name, json_build_object('policy', r.policy))
         from json_populate_recordset(null::pgboss.queue, $1::json) r`,
      [`[${rows.join(',')}]`],
    );
    await tx.query(
      'delete from pgboss.queue where name in (select name from json_populate_recordset(null::pgboss.queue, $1::json))',
      [`[${rows.join(',')}]`],
    );
  }
  await tx.query(
    `insert into ${quoted(table)} (${columns}) overriding system value
       select ${columns} from json_populate_recordset(null::${quoted(table)}, $1::json)`,
    [`[${rows.join(',')}]`],
  );
}

/** The columns a row can be given (not generated ones), quoted and joined, per table. */
async function insertableColumns(tx: Tx, tables: string[]): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ name: string; columns: string[] }>(
    `select n.nspname || '.' || c.relname as name, array_agg(quote_ident(a.attname) order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
      where n.nspname || '.' || c.relname = any($1) and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      group by 1`,
    [tables],
  );
  return new Map(rows.map((r) => [r.name, r.columns.join(', ')]));
}

/**
 * Loads a backup into this database, in one transaction: its schema must be at the backup's
 * migrations (restore with the release that made the backup, then upgrade). Every table of ours
 * and of pg-boss is emptied first, so a database that already holds customers is refused unless
 * `replace`. Triggers and foreign keys are held off while the rows go in, which needs a superuser
 * (the embedded cluster's role is one). Then the folders go back into `dataDir`.
 */
export async function restoreBackup(
  db: Db,
  dataDir: string | null,
  dir: string,
  opts: { replace?: boolean } = {},
): Promise<Manifest> {
  const manifest = readManifest(dir);
  const ours = migrationNames();
  if (ours.join() !== manifest.migrations.join()) {
    const last = (list: string[]) => list.at(-1) ?? 'none';
    throw new Error(
      `the backup's schema is at migration ${last(manifest.migrations)} and this release's at ${last(ours)}: restore it with the release that made it, then upgrade`,
    );
  }
  const tx = await db.connect();
  try {
    await tx.query('begin');
    await tx.query('set local statement_timeout = 0');
    try {
      await tx.query('set local session_replication_role = replica');
    } catch {
      throw new Error(
        'restoring needs a superuser role on the database (it holds off foreign keys while loading); for an external PostgreSQL, see docs/operations.md',
      );
    }
    const customers = await tx.query<{ n: number }>('select count(*)::int as n from users');
    if (customers.rows[0]!.n > 0 && !opts.replace) {
      throw new Error('this database already holds customers: restore into a new DATA_DIR, or pass --replace');
    }
    // pg-boss's schema is made anew: its job table has a partition per queue, made with the queue.
    await tx.query('drop schema if exists pgboss cascade');
    if (manifest.pgboss !== null) {
      await tx.query(jobSchemaPlan());
      const made = await pgbossVersion(tx);
      if (made !== manifest.pgboss) {
        throw new Error(`the backup's job schema is at version ${manifest.pgboss} and this release's at ${made}`);
      }
    }
    const tables = await tablesOf(tx);
    const missing = Object.keys(manifest.tables).filter((t) => !tables.includes(t));
    if (missing.length) throw new Error(`the database has no table ${missing.join(', ')}`);
    await tx.query(`truncate ${tables.map(quoted).join(', ')}`);
    const columns = await insertableColumns(tx, tables);
    await loadRows(tx, dir, columns);
    for (const [name, [value, called]] of Object.entries(manifest.sequences)) {
      await tx.query('select setval($1::regclass, $2::bigint, $3)', [quoted(name), value, called]);
    }
    await tx.query('commit');
  } catch (e) {
    await tx.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    tx.release();
  }
  for (const folder of dataDir ? manifest.folders : []) {
    const to = path.join(dataDir!, folder);
    await rm(to, { recursive: true, force: true });
    cpSync(path.join(dir, 'files', folder), to, { recursive: true });
  }
  return manifest;
}

async function loadRows(tx: Tx, dir: string, columns: Map<string, string>): Promise<void> {
  const lines = createInterface({ input: createReadStream(path.join(dir, ROWS_FILE)).pipe(createGunzip()) });
  let table = '';
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length) await insertBatch(tx, table, columns.get(table)!, batch);
    batch = [];
  };
  for await (const line of lines) {
    if (!line) continue;
    // Each line is {"t":"schema.table","r":{…}}: the row is kept as text, as PostgreSQL wrote it.
    const start = line.indexOf(',"r":');
    const name = JSON.parse(line.slice(5, start)) as string;
    if (name !== table) {
      await flush();
      table = name;
    }
    batch.push(line.slice(start + 5, -1));
    if (batch.length >= BATCH) await flush();
  }
  await flush();
}
