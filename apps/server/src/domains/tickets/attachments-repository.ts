import type { AttachmentType } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';

export interface AttachmentRow {
  id: number;
  message_id: number | null;
  storage_key: string;
  name: string;
  size: number;
  content_type: AttachmentType;
  created_at: Date;
}

/** Who uploads, links or reads an attachment: a customer or a staff token. */
export type Uploader = { kind: 'customer'; userId: number } | { kind: 'staff'; tokenId: number };

const COLUMNS = 'a.id, a.message_id, a.storage_key, a.name, a.size, a.content_type, a.created_at';

/** The uploader's own uploads not yet linked; `kind` and `id` are the parameters of ownerParams. */
const ownUnlinked = (kind: string, id: string) => `a.message_id is null and (
  (${kind}::text = 'customer' and a.uploaded_by = 'customer' and a.user_id = ${id}) or
  (${kind}::text = 'staff' and a.uploaded_by = 'staff' and a.staff_token_id = ${id}))`;

const ownerParams = (u: Uploader) => [u.kind, u.kind === 'customer' ? u.userId : u.tokenId];

export const attachments = {
  async insert(
    db: Queryable,
    u: Uploader,
    v: { storageKey: string; name: string; size: number; contentType: AttachmentType },
  ): Promise<AttachmentRow> {
    const { rows } = await db.query<AttachmentRow>(
      `insert into ticket_attachments as a (uploaded_by, user_id, staff_token_id, storage_key, name, size, content_type)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
      [
        u.kind,
        u.kind === 'customer' ? u.userId : null,
        u.kind === 'staff' ? u.tokenId : null,
        v.storageKey,
        v.name,
        v.size,
        v.contentType,
      ],
    );
    return rows[0]!;
  },
  /** The bytes of every attachment a customer uploaded (sent or waiting), for their storage quota. */
  async bytesOf(db: Queryable, userId: number): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `select coalesce(sum(size), 0)::bigint as n from ticket_attachments
       where uploaded_by = 'customer' and user_id = $1`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  },
  /** How many uploads the uploader holds that no message names yet. */
  async pending(db: Queryable, u: Uploader): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ticket_attachments a where ${ownUnlinked('$1', '$2')}`,
      ownerParams(u),
    );
    return rows[0]?.n ?? 0;
  },
  /**
   * Links the uploader's own unlinked uploads to a message; answers how many it linked. Only uploads
   * younger than 23 hours: older ones may be going (removed after 24).
   */
  async link(db: Queryable, messageId: number, ids: number[], u: Uploader): Promise<number> {
    const { rowCount } = await db.query(
      `update ticket_attachments a set message_id = $1
       where a.id = any($4::bigint[]) and a.created_at > now() - interval '23 hours' and ${ownUnlinked('$2', '$3')}`,
      [messageId, ...ownerParams(u), ids],
    );
    return rowCount ?? 0;
  },
  /** The attachments of some messages, in upload order. */
  async ofMessages(db: Queryable, messageIds: number[]): Promise<AttachmentRow[]> {
    const { rows } = await db.query<AttachmentRow>(
      `select ${COLUMNS} from ticket_attachments a where a.message_id = any($1::bigint[]) order by a.id`,
      [messageIds],
    );
    return rows;
  },
  /**
   * An attachment the caller may read: one on a message of a ticket of theirs (customer) or on any
   * ticket (staff), or the caller's own upload not yet linked.
   */
  async readable(db: Queryable, id: number, u: Uploader): Promise<AttachmentRow | undefined> {
    const { rows } = await db.query<AttachmentRow>(
      `select ${COLUMNS} from ticket_attachments a
       left join ticket_messages m on m.id = a.message_id
       left join tickets t on t.id = m.ticket_id
       where a.id = $1 and (${ownUnlinked('$2', '$3')} or ($2::text = 'staff' and t.id is not null)
         or ($2::text = 'customer' and t.user_id = $3))`,
      [id, ...ownerParams(u)],
    );
    return rows[0];
  },
  /** Holds a batch of uploads no message named within `hours`, for removal in this transaction. */
  async stale(db: Queryable, hours: number, limit: number): Promise<AttachmentRow[]> {
    const { rows } = await db.query<AttachmentRow>(
      `select ${COLUMNS} from ticket_attachments a
       where a.message_id is null and a.created_at < now() - make_interval(hours => $1)
       order by a.created_at limit $2 for update skip locked`,
      [hours, limit],
    );
    return rows;
  },
  async delete(db: Queryable, ids: number[]): Promise<void> {
    await db.query('delete from ticket_attachments where id = any($1::bigint[])', [ids]);
  },
  /** Holds an uploader's lock until the transaction ends. */
  async lockUploader(tx: Queryable, key: string): Promise<void> {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`ticket-upload:${key}`]);
  },
};
