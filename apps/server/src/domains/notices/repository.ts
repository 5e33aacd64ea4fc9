import type { Locale, NoticeReadFilter, NoticeState } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';

/** English in title/content/summary, Chinese in the *_zh columns; '' where a language was not written. */
export interface NoticeRow {
  id: number;
  title: string;
  title_zh: string;
  content: string;
  content_zh: string;
  summary: string;
  summary_zh: string;
  pinned: boolean;
  published_at: Date;
  withdrawn_at: Date | null;
}

/** A notice as one customer sees it. */
export interface CustomerNoticeRow extends NoticeRow {
  read: boolean;
}

/** A notice as staff see it: who published it and how many customers opened it. */
export interface StaffNoticeRow extends NoticeRow {
  author: string | null;
  reads: number;
}

/** One language's version of a notice; both empty where that language was not written. */
export interface NoticeVersion {
  title: string;
  content: string;
  summary: string;
}

export interface NoticeValues {
  versions: Record<Locale, NoticeVersion>;
  pinned: boolean;
}

/**
 * Who published a notice: an operator token, or the admin CLI (null). The staff API's
 * Idempotency-Key makes one notice per (token, key), remembered with its request's hash.
 */
export interface NoticeOrigin {
  staffTokenId: number | null;
  key?: { text: string; requestHash: Buffer };
}

export interface Page {
  limit: number;
  page: number;
}

const COLUMNS = `n.id, n.title, n.title_zh, n.content, n.content_zh, n.summary, n.summary_zh, n.pinned,
  n.published_at, n.withdrawn_at`;
// Pinned notices first, then the newest; the id breaks ties between notices of the same instant.
const ORDER = 'order by n.pinned desc, n.published_at desc, n.id desc';
const READ = 'exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = $1)';
const FILTERS: Record<NoticeReadFilter, string> = { unread: `and not ${READ}`, read: `and ${READ}` };

export const notices = {
  /** One page of the published notices for a customer, with their read marks and the counts. */
  async listFor(
    db: Queryable,
    userId: number,
    q: Page & { status?: NoticeReadFilter },
  ): Promise<{ total: number; unread: number; rows: CustomerNoticeRow[] }> {
    const filter = q.status ? FILTERS[q.status] : '';
    const [counts, page] = await Promise.all([
      // Every live notice, and the customer's marks on live ones: the unread count follows from the
      // two without probing the customer's marks once per notice.
      db.query<{ live: number; read: number }>(
        `select (select count(*) from notices n where n.withdrawn_at is null)::int as live,
                (select count(*) from notice_reads r join notices n on n.id = r.notice_id
                  where r.user_id = $1 and n.withdrawn_at is null)::int as read`,
        [userId],
      ),
      db.query<CustomerNoticeRow>(
        `select ${COLUMNS}, ${READ} as read from notices n
         where n.withdrawn_at is null ${filter} ${ORDER} limit $2 offset $3`,
        [userId, q.limit, (q.page - 1) * q.limit],
      ),
    ]);
    const { live, read } = counts.rows[0]!;
    const total = q.status === 'unread' ? live - read : q.status === 'read' ? read : live;
    return { total, unread: live - read, rows: page.rows };
  },
  /** A published notice with the customer's read mark; undefined when unknown or withdrawn. */
  async getFor(db: Queryable, userId: number, id: number): Promise<CustomerNoticeRow | undefined> {
    const { rows } = await db.query<CustomerNoticeRow>(
      `select ${COLUMNS}, ${READ} as read from notices n where n.id = $2 and n.withdrawn_at is null`,
      [userId, id],
    );
    return rows[0];
  },
  /** Marks a published notice read for the customer; false when it is unknown or withdrawn. */
  async markRead(db: Queryable, userId: number, id: number): Promise<boolean> {
    const { rows } = await db.query<{ live: boolean }>(
      `with n as (select id from notices where id = $2 and withdrawn_at is null),
            mark as (insert into notice_reads (user_id, notice_id) select $1, id from n on conflict do nothing)
       select exists (select 1 from n) as live`,
      [userId, id],
    );
    return rows[0]!.live;
  },
  async markAllRead(db: Queryable, userId: number): Promise<void> {
    await db.query(
      `insert into notice_reads (user_id, notice_id)
       select $1, id from notices where withdrawn_at is null on conflict do nothing`,
      [userId],
    );
  },
  async unreadCount(db: Queryable, userId: number): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `select ((select count(*) from notices n where n.withdrawn_at is null) -
               (select count(*) from notice_reads r join notices n on n.id = r.notice_id
                 where r.user_id = $1 and n.withdrawn_at is null))::int as n`,
      [userId],
    );
    return rows[0]!.n;
  },

  /**
   * Stores a notice. A second one with the same token and key is not stored: the first one's id
   * and request hash come back, with `created` false.
   */
  async insert(
    db: Queryable,
    v: NoticeValues,
    origin: NoticeOrigin,
  ): Promise<{ id: number; created: boolean; requestHash: Buffer | null }> {
    const { rows } = await db.query<{ id: number }>(
      `insert into notices (title, content, summary, title_zh, content_zh, summary_zh, pinned, staff_token_id,
         idempotency_key, request_hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (staff_token_id, idempotency_key) do nothing returning id`,
      [
        ...[v.versions.en_US, v.versions.zh_CN].flatMap((t) => [t.title, t.content, t.summary]),
        v.pinned,
        origin.staffTokenId,
        origin.key?.text,
        origin.key?.requestHash,
      ],
    );
    if (rows[0]) return { id: rows[0].id, created: true, requestHash: origin.key?.requestHash ?? null };
    const earlier = await db.query<{ id: number; request_hash: Buffer }>(
      'select id, request_hash from notices where staff_token_id = $1 and idempotency_key = $2',
      [origin.staffTokenId, origin.key?.text],
    );
    return { id: earlier.rows[0]!.id, created: false, requestHash: earlier.rows[0]!.request_hash };
  },
  /** Hides a notice from customers. Undefined when there is no such notice. */
  async withdraw(db: Queryable, id: number): Promise<{ withdrawn: boolean } | undefined> {
    const { rows } = await db.query<{ withdrawn: boolean }>(
      `with w as (update notices set withdrawn_at = now() where id = $1 and withdrawn_at is null returning id)
       select exists (select 1 from w) as withdrawn from notices where id = $1`,
      [id],
    );
    return rows[0];
  },
  /** Staff's view of one notice, withdrawn or not. */
  async getForStaff(db: Queryable, id: number): Promise<StaffNoticeRow | undefined> {
    const { rows } = await db.query<StaffNoticeRow>(`${STAFF_SELECT} where n.id = $1`, [id]);
    return rows[0];
  },
  /** One page of every notice for staff, newest first, optionally only the live or withdrawn ones. */
  async listForStaff(
    db: Queryable,
    q: Page & { state?: NoticeState },
  ): Promise<{ total: number; rows: StaffNoticeRow[] }> {
    const where =
      q.state === 'live'
        ? 'where n.withdrawn_at is null'
        : q.state === 'withdrawn'
          ? 'where n.withdrawn_at is not null'
          : '';
    const [count, page] = await Promise.all([
      db.query<{ n: number }>(`select count(*)::int as n from notices n ${where}`),
      db.query<StaffNoticeRow>(`${STAFF_SELECT} ${where} order by n.published_at desc, n.id desc limit $1 offset $2`, [
        q.limit,
        (q.page - 1) * q.limit,
      ]),
    ]);
    return { total: count.rows[0]!.n, rows: page.rows };
  },
};

const STAFF_SELECT = `select ${COLUMNS}, t.name as author,
  (select count(*)::int from notice_reads r where r.notice_id = n.id) as reads
  from notices n left join staff_tokens t on t.id = n.staff_token_id`;

/** The version a reader gets: their language's when it was written, else the other one. */
export function versionOf(row: NoticeRow, locale: Locale): NoticeVersion {
  const zh = { title: row.title_zh, content: row.content_zh, summary: row.summary_zh };
  const en = { title: row.title, content: row.content, summary: row.summary };
  const [first, second] = locale === 'zh_CN' ? [zh, en] : [en, zh];
  return first.title !== '' ? first : second;
}
