import type { LocalText, TicketStatus } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';

export type Author = 'customer' | 'staff';

export interface TicketRow {
  id: number;
  user_id: number;
  email: string;
  title: string;
  status: TicketStatus;
  type_id: number;
  type_name: string;
  type_name_zh: string;
  instance_id: number | null;
  hostname: string | null;
  assignee: string | null;
  last_reply_by: Author;
  created_at: Date;
  updated_at: Date;
}

export interface MessageRow {
  id: number;
  ticket_id: number;
  author: Author;
  author_name: string;
  content: string;
  created_at: Date;
}

/** English in `name`/`description`, Chinese in the *_zh columns; '' where a language was not written. */
export interface TicketTypeRow {
  id: number;
  name: string;
  name_zh: string;
  description: string;
  description_zh: string;
}

export interface TicketFilter {
  userId?: number;
  status?: TicketStatus;
}

const SELECT_TICKET = `
  select t.id, t.user_id, u.email, t.title, t.status, t.type_id, ty.name as type_name, ty.name_zh as type_name_zh,
         t.instance_id,
         i.hostname, t.assignee, t.last_reply_by, t.created_at, t.updated_at
  from tickets t
  join ticket_types ty on ty.id = t.type_id
  join users u on u.id = t.user_id
  left join instances i on i.id = t.instance_id`;

export const tickets = {
  /** One page of tickets, most recently updated first, and how many match in all. */
  async list(
    db: Queryable,
    f: TicketFilter,
    page: { limit: number; page: number },
  ): Promise<{ total: number; rows: TicketRow[] }> {
    const where = `where ($1::bigint is null or t.user_id = $1) and ($2::text is null or t.status = $2)`;
    const params = [f.userId ?? null, f.status ?? null];
    const [count, list] = await Promise.all([
      db.query<{ n: number }>(`select count(*)::int as n from tickets t ${where}`, params),
      db.query<TicketRow>(`${SELECT_TICKET} ${where} order by t.updated_at desc, t.id desc limit $3 offset $4`, [
        ...params,
        page.limit,
        (page.page - 1) * page.limit,
      ]),
    ]);
    return { total: count.rows[0]?.n ?? 0, rows: list.rows };
  },
  /** A ticket; with userId, only when it is that customer's. */
  async byId(db: Queryable, id: number, userId?: number): Promise<TicketRow | undefined> {
    const { rows } = await db.query<TicketRow>(
      `${SELECT_TICKET} where t.id = $1 and ($2::bigint is null or t.user_id = $2)`,
      [id, userId ?? null],
    );
    return rows[0];
  },
  /** Holds a ticket's row for the rest of the transaction; with userId, only that customer's. */
  async lock(
    db: Queryable,
    id: number,
    userId?: number,
  ): Promise<{ status: TicketStatus; user_id: number } | undefined> {
    const { rows } = await db.query<{ status: TicketStatus; user_id: number }>(
      'select status, user_id from tickets where id = $1 and ($2::bigint is null or user_id = $2) for update',
      [id, userId ?? null],
    );
    return rows[0];
  },
  async insert(
    db: Queryable,
    v: { userId: number; typeId: number; instanceId: number | null; title: string },
  ): Promise<number> {
    const { rows } = await db.query<{ id: number }>(
      'insert into tickets (user_id, type_id, instance_id, title) values ($1, $2, $3, $4) returning id',
      [v.userId, v.typeId, v.instanceId, v.title],
    );
    return rows[0]!.id;
  },
  /** Records a change: a new status (and assignee, when given), the last author, and the time. */
  async update(
    db: Queryable,
    id: number,
    v: { status: TicketStatus; lastReplyBy?: Author; assignee?: string },
  ): Promise<void> {
    await db.query(
      `update tickets set status = $2, last_reply_by = coalesce($3, last_reply_by),
         assignee = coalesce($4, assignee), updated_at = now() where id = $1`,
      [id, v.status, v.lastReplyBy ?? null, v.assignee ?? null],
    );
  },
};

export const messages = {
  async insert(
    db: Queryable,
    v: { ticketId: number; author: Author; authorName: string; content: string },
  ): Promise<MessageRow> {
    const { rows } = await db.query<MessageRow>(
      `insert into ticket_messages (ticket_id, author, author_name, content) values ($1, $2, $3, $4) returning *`,
      [v.ticketId, v.author, v.authorName, v.content],
    );
    return rows[0]!;
  },
  /**
   * The first `limit` messages of a ticket, oldest first (the opening message first). The customer's
   * messages carry the name the customer has now (first and last name, else the email), so a name
   * set after the ticket was opened shows on the whole conversation; staff keep the name they
   * answered under.
   */
  async list(db: Queryable, ticketId: number, limit: number): Promise<MessageRow[]> {
    const { rows } = await db.query<MessageRow>(
      `select m.id, m.ticket_id, m.author, m.content, m.created_at,
              case when m.author = 'customer'
                   then coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)
                   else m.author_name end as author_name
       from ticket_messages m
       join tickets t on t.id = m.ticket_id
       join users u on u.id = t.user_id
       where m.ticket_id = $1 order by m.id limit $2`,
      [ticketId, limit],
    );
    return rows;
  },
  async count(db: Queryable, ticketId: number): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from ticket_messages where ticket_id = $1',
      [ticketId],
    );
    return rows[0]?.n ?? 0;
  },
};

export const ticketTypes = {
  async list(db: Queryable, limit: number): Promise<TicketTypeRow[]> {
    const { rows } = await db.query<TicketTypeRow>(
      'select id, name, name_zh, description, description_zh from ticket_types order by id limit $1',
      [limit],
    );
    return rows;
  },
  async exists(db: Queryable, id: number): Promise<boolean> {
    const { rowCount } = await db.query('select 1 from ticket_types where id = $1', [id]);
    return rowCount === 1;
  },
  async count(db: Queryable): Promise<number> {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from ticket_types');
    return rows[0]?.n ?? 0;
  },
  /** Adds a type; undefined when one of either name (any case) exists. */
  async insert(db: Queryable, name: LocalText, description: LocalText): Promise<TicketTypeRow | undefined> {
    const { rows } = await db.query<TicketTypeRow>(
      `insert into ticket_types (name, name_zh, description, description_zh)
       select $1, $2, $3, $4
       where not exists (select 1 from ticket_types
                         where ($1 <> '' and lower(name) = lower($1)) or ($2 <> '' and lower(name_zh) = lower($2)))
       on conflict do nothing returning id, name, name_zh, description, description_zh`,
      [name.en_US, name.zh_CN, description.en_US, description.zh_CN],
    );
    return rows[0];
  },
};
