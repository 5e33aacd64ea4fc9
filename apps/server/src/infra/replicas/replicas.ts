import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Config } from '../config/env.js';
import { withTx } from '../db/pool.js';
import type { Context } from '../lib/context.js';
import { s3Configured } from '../storage/storage.js';

/** How often a replica refreshes its row, and how long a row not refreshed still counts as live. */
export const HEARTBEAT_SECONDS = 15;
export const LIVE_SECONDS = 45;

/** A replica's mark in its attachment folder: another replica that sees it shares the folder. */
const markOf = (dir: string, id: string) => path.join(dir, '.replicas', id);

/** Where this process keeps attachment bytes, as the replicas table records it. */
export function attachmentsPlace(config: Config): string {
  return s3Configured(config) ? `s3:${config.S3_ENDPOINT}/${config.S3_BUCKET}` : 'files';
}

export class ReplicaConflict extends Error {}

export interface Replica {
  id: string;
  /** Stops the heartbeat and removes this replica's row and mark. */
  leave(): Promise<void>;
}

interface Row {
  id: string;
  host: string;
  pid: number;
  data_dir: string;
  attachments: string;
}

/**
 * Registers this process among the replicas on the database, refreshed every HEARTBEAT_SECONDS, and
 * refuses (ReplicaConflict) to join live replicas it cannot share attachments with: with
 * attachments under DATA_DIR, every other live replica keeping them in files must have left its
 * mark in this process's own DATA_DIR/attachments (the folder is shared, e.g. over NFS), and a
 * replica using a bucket must not meet one using files or another bucket. Replicas starting
 * together are checked one at a time, so one of them always sees the other.
 */
export async function joinReplicas(ctx: Pick<Context, 'config' | 'db' | 'log'>): Promise<Replica> {
  const id = randomUUID();
  const place = attachmentsPlace(ctx.config);
  const dataDir = path.resolve(ctx.config.DATA_DIR);
  const folder = path.join(dataDir, 'attachments');
  const mark = place === 'files' ? markOf(folder, id) : null;
  if (mark) {
    // Left before the row is written: a replica that sees the row can then look for the mark.
    await mkdir(path.dirname(mark), { recursive: true });
    await writeFile(mark, `${hostname()} ${process.pid}\n`);
  }
  try {
    await withTx(ctx.db, async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtextextended('replicas', 0))");
      const { rows: gone } = await tx.query<{ id: string }>(
        'delete from replicas where seen_at < now() - make_interval(secs => $1) returning id',
        [LIVE_SECONDS],
      );
      if (mark) for (const r of gone) await rm(markOf(folder, r.id), { force: true });
      const { rows: live } = await tx.query<Row>('select id, host, pid, data_dir, attachments from replicas');
      const conflict = live.find((r) =>
        place === 'files' ? r.attachments !== 'files' || !existsSync(markOf(folder, r.id)) : r.attachments !== place,
      );
      if (conflict) throw new ReplicaConflict(conflictMessage(conflict, place, dataDir));
      await tx.query('insert into replicas (id, host, pid, data_dir, attachments) values ($1, $2, $3, $4, $5)', [
        id,
        hostname(),
        process.pid,
        dataDir,
        place,
      ]);
    });
  } catch (e) {
    if (mark) await rm(mark, { force: true });
    throw e;
  }
  const beat = async () => {
    // A row removed meanwhile (this process was paused longer than LIVE_SECONDS) is written again.
    await ctx.db.query(
      `insert into replicas (id, host, pid, data_dir, attachments) values ($1, $2, $3, $4, $5)
       on conflict (id) do update set seen_at = now()`,
      [id, hostname(), process.pid, dataDir, place],
    );
  };
  const timer = setInterval(() => {
    beat().catch((err: unknown) => ctx.log.warn({ err }, 'could not refresh this replica’s heartbeat'));
  }, HEARTBEAT_SECONDS * 1000);
  timer.unref();
  return {
    id,
    async leave() {
      clearInterval(timer);
      await ctx.db.query('delete from replicas where id = $1', [id]).catch(() => undefined);
      if (mark) await rm(mark, { force: true });
    },
  };
}

function conflictMessage(other: Row, place: string, dataDir: string): string {
  const where = `${other.host} (pid ${other.pid}, DATA_DIR ${other.data_dir})`;
  const them = other.attachments === 'files' ? 'attachments in its DATA_DIR' : `attachments in ${other.attachments}`;
  const us = place === 'files' ? `attachments in ${path.join(dataDir, 'attachments')}` : `attachments in ${place}`;
  return [
    `Another replica is running on this database: ${where}, with ${them}.`,
    `This one would keep ${us}, which that replica cannot see, so customers would lose attachments`,
    `depending on which replica answers. With more than one replica, set S3_* (the same bucket on every`,
    `replica) or put DATA_DIR/attachments on a folder all of them share. See README.md, "Replicas".`,
  ].join('\n');
}
