import type { Queryable } from '../../infra/db/pool.js';

export type BackupStatus = 'creating' | 'ready' | 'restoring' | 'deleting' | 'failed';

export interface BackupRow {
  id: number;
  instance_id: number;
  user_id: number;
  name: string;
  description: string;
  volid: string | null;
  size: number | null;
  status: BackupStatus;
  created_at: Date;
}

// bigint columns come back as strings from pg; ids and sizes fit in a double.
const COLUMNS = `id::int as id, instance_id::int as instance_id, user_id::int as user_id, name, description, volid,
  size::float8 as size, status, created_at`;

export const backups = {
  async create(
    db: Queryable,
    b: { instanceId: number; userId: number; name: string; description: string },
  ): Promise<BackupRow> {
    const { rows } = await db.query<BackupRow>(
      `insert into backups (instance_id, user_id, name, description) values ($1, $2, $3, $4) returning ${COLUMNS}`,
      [b.instanceId, b.userId, b.name, b.description],
    );
    return rows[0]!;
  },
  async get(db: Queryable, id: number): Promise<BackupRow | null> {
    return (await db.query<BackupRow>(`select ${COLUMNS} from backups where id = $1`, [id])).rows[0] ?? null;
  },
  /** A backup of one of a customer's instances; another customer's or instance's finds nothing. */
  async owned(db: Queryable, userId: number, instanceId: number, id: number): Promise<BackupRow | null> {
    const { rows } = await db.query<BackupRow>(
      `select ${COLUMNS} from backups where id = $1 and instance_id = $2 and user_id = $3`,
      [id, instanceId, userId],
    );
    return rows[0] ?? null;
  },
  /** An instance's backups, newest first. */
  async list(db: Queryable, instanceId: number): Promise<BackupRow[]> {
    const { rows } = await db.query<BackupRow>(
      `select ${COLUMNS} from backups where instance_id = $1 order by created_at desc, id desc`,
      [instanceId],
    );
    return rows;
  },
  /**
   * Backups that take up the quota: every one until deleted, a failed one too (its vzdump may have
   * written an archive all the same; deleting the backup removes it).
   */
  async counted(db: Queryable, instanceId: number): Promise<number> {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from backups where instance_id = $1', [
      instanceId,
    ]);
    return rows[0]!.n;
  },
  async update(db: Queryable, id: number, p: { status?: BackupStatus; volid?: string; size?: number }): Promise<void> {
    await db.query(
      `update backups set status = coalesce($2, status), volid = coalesce($3, volid), size = coalesce($4, size),
         updated_at = now() where id = $1`,
      [id, p.status ?? null, p.volid ?? null, p.size ?? null],
    );
  },
  async remove(db: Queryable, id: number): Promise<void> {
    await db.query('delete from backups where id = $1', [id]);
  },
};
