import type { Queryable } from '../../infra/db/pool.js';

export type InstanceStatus =
  'pending' | 'creating' | 'available' | 'recreating' | 'paused' | 'destroyed' | 'cancelled' | 'open';

export interface InstanceRow {
  id: number;
  user_id: number;
  product_id: number;
  image_id: number;
  region_id: number;
  cluster: string;
  node: string | null;
  vmid: number | null;
  hostname: string;
  username: string;
  status: InstanceStatus;
  cycle: string;
  price: number;
  currency: string;
  auto_renew: boolean;
  due_at: Date;
  ip_address: string | null;
  gateway: string | null;
  prefix: number | null;
  mac: string | null;
  reverse_dns: string | null;
  /** Set while suspended for an unpaid renewal (see domains/renewals). */
  suspended_at: Date | null;
  /** Upgraded, but the new cores and memory wait for a restart (the reboot failed). */
  needs_restart: boolean;
  renewal_power: 'stop' | 'start' | null;
  /** Set by the reconcile pass while the instance's VM is gone from its cluster (renewals stop). */
  vm_missing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewInstance {
  userId: number;
  productId: number;
  imageId: number;
  regionId: number;
  cluster: string;
  hostname: string;
  username: string;
  cycle: string;
  months: number;
  price: number;
  currency: string;
  autoRenew: boolean;
}

export const instances = {
  async create(db: Queryable, i: NewInstance): Promise<InstanceRow> {
    const { rows } = await db.query<InstanceRow>(
      `insert into instances (user_id, product_id, image_id, region_id, cluster, hostname, username, status,
         cycle, price, currency, auto_renew, due_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'creating', $8, $9, $10, $11, now() + make_interval(months => $12))
       returning *`,
      [
        i.userId,
        i.productId,
        i.imageId,
        i.regionId,
        i.cluster,
        i.hostname,
        i.username,
        i.cycle,
        i.price,
        i.currency,
        i.autoRenew,
        i.months,
      ],
    );
    return rows[0]!;
  },
  async get(db: Queryable, id: number): Promise<InstanceRow | null> {
    return (await db.query<InstanceRow>('select * from instances where id = $1', [id])).rows[0] ?? null;
  },
  async owned(db: Queryable, userId: number, id: number): Promise<InstanceRow | null> {
    const { rows } = await db.query<InstanceRow>('select * from instances where id = $1 and user_id = $2', [
      id,
      userId,
    ]);
    return rows[0] ?? null;
  },
  /** One of a customer's instances, locked for the rest of the transaction (actions start one at a time). */
  async lockOwned(db: Queryable, userId: number, id: number): Promise<InstanceRow | null> {
    const { rows } = await db.query<InstanceRow>('select * from instances where id = $1 and user_id = $2 for update', [
      id,
      userId,
    ]);
    return rows[0] ?? null;
  },
  async setStatus(db: Queryable, id: number, status: InstanceStatus): Promise<void> {
    await db.query('update instances set status = $2, updated_at = now() where id = $1', [id, status]);
  },
  async place(db: Queryable, id: number, p: { node?: string; vmid?: number; mac?: string }): Promise<void> {
    await db.query(
      `update instances set node = coalesce($2, node), vmid = coalesce($3, vmid), mac = coalesce($4, mac),
         updated_at = now() where id = $1`,
      [id, p.node ?? null, p.vmid ?? null, p.mac ?? null],
    );
  },
  /** The instance moves to another product and renewal price (an upgrade that applied). */
  async setPlan(db: Queryable, id: number, productId: number, price: number): Promise<void> {
    await db.query('update instances set product_id = $2, price = $3, updated_at = now() where id = $1', [
      id,
      productId,
      price,
    ]);
  },
  async setNeedsRestart(db: Queryable, id: number, needed: boolean): Promise<void> {
    await db.query('update instances set needs_restart = $2, updated_at = now() where id = $1', [id, needed]);
  },
  /**
   * The VMID, node and address no longer belong to the instance (a deploy given back): the
   * (cluster, vmid) key is free, and the page shows no address it could no longer reach.
   */
  async releasePlacement(db: Queryable, id: number): Promise<void> {
    await db.query(
      `update instances set vmid = null, node = null, ip_address = null, gateway = null, prefix = null,
         updated_at = now() where id = $1`,
      [id],
    );
  },
  async setAddress(db: Queryable, id: number, a: { address: string; gateway: string; prefix: number }): Promise<void> {
    await db.query(
      'update instances set ip_address = $2, gateway = $3, prefix = $4, updated_at = now() where id = $1',
      [id, a.address, a.gateway, a.prefix],
    );
  },
  async setNetwork(tx: Queryable, id: number, hostname: string, reverseDns: string | null): Promise<void> {
    await tx.query('update instances set hostname = $2, reverse_dns = $3, updated_at = now() where id = $1', [
      id,
      hostname,
      reverseDns,
    ]);
  },
  async setAutoRenew(db: Queryable, userId: number, id: number, on: boolean): Promise<void> {
    await db.query('update instances set auto_renew = $3, updated_at = now() where id = $1 and user_id = $2', [
      id,
      userId,
      on,
    ]);
  },
  /** A reinstall that finished: the new image and user, available again. */
  async setReinstalled(tx: Queryable, id: number, imageId: number, username: string): Promise<void> {
    await tx.query(
      `update instances set image_id = $2, username = $3, status = 'available', updated_at = now() where id = $1`,
      [id, imageId, username],
    );
  },
  async setDestroyed(tx: Queryable, id: number): Promise<void> {
    await tx.query(
      `update instances set status = 'destroyed', vmid = null, auto_renew = false, destroyed_at = now(), updated_at = now()
       where id = $1`,
      [id],
    );
  },
  /** Whether an instance of ours holds this VMID on the cluster. */
  async holdsVmid(db: Queryable, cluster: string, vmid: number): Promise<boolean> {
    const held = await db.query('select 1 from instances where cluster = $1 and vmid = $2', [cluster, vmid]);
    return !!held.rowCount;
  },
  /** Whether the customer has this instance (any status). */
  async isOwnedBy(db: Queryable, id: number, userId: number): Promise<boolean> {
    const { rowCount } = await db.query('select 1 from instances where id = $1 and user_id = $2', [id, userId]);
    return !!rowCount;
  },
};

/** An instance with the catalogue names and the product size a customer sees. */
export interface InstanceView {
  id: number;
  hostname: string;
  username: string;
  status: InstanceStatus;
  ip_address: string | null;
  gateway: string | null;
  prefix: number | null;
  mac: string | null;
  reverse_dns: string | null;
  region_id: number;
  region_name: string;
  region_name_zh: string;
  country_code: string;
  product_id: number;
  product_name: string;
  product_name_zh: string;
  group_name: string;
  group_name_zh: string;
  image_id: number;
  image_name: string;
  image_name_zh: string;
  distribution: string;
  cycle: string;
  price: number;
  currency: string;
  auto_renew: boolean;
  due_at: Date;
  suspended_at: Date | null;
  destroyed_at: Date | null;
  needs_restart: boolean;
  unpaid_invoice_id: number | null;
  /** The instance's unfinished task, if any (one at a time: tasks_one_unfinished_key). */
  running_task_id: number | null;
  running_task_kind: string | null;
  created_at: Date;
  cores: number;
  memory_mb: number;
  disk_gb: number;
  bandwidth_gb: number;
}

export interface InstanceFilter {
  status?: InstanceStatus;
  /** Leaves destroyed instances out (the customer's list does unless asked for them). */
  hideDestroyed?: boolean;
  /** Matches the hostname (any case) or the IP address, anywhere in either. */
  search?: string;
}

const VIEW = `
  select i.id, i.hostname, i.username, i.status, host(i.ip_address) as ip_address, host(i.gateway) as gateway,
    i.prefix, i.mac, i.reverse_dns, i.region_id, r.name as region_name, r.name_zh as region_name_zh, r.country_code,
    i.product_id, p.name as product_name, p.name_zh as product_name_zh, g.name as group_name,
    g.name_zh as group_name_zh, i.image_id, m.name as image_name, m.name_zh as image_name_zh, m.distribution, i.cycle, i.price, i.currency, i.auto_renew,
    i.due_at, i.suspended_at, i.destroyed_at, i.needs_restart, i.created_at, p.cores, p.memory_mb, p.disk_gb, p.bandwidth_gb,
    (select v.id from invoices v where v.instance_id = i.id and v.kind = 'renewal' and v.status = 'unpaid'
      order by v.id desc limit 1) as unpaid_invoice_id,
    t.id as running_task_id, t.kind as running_task_kind
  from instances i
  left join tasks t on t.instance_id = i.id and t.status < 2
  join regions r on r.id = i.region_id
  join products p on p.id = i.product_id
  join product_groups g on g.id = p.group_id
  join images m on m.id = i.image_id`;

/** A LIKE pattern matching `text` literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The `where` of a customer's instances under a filter, its parameters from $1. */
function ownedWhere(userId: number, f: InstanceFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [userId];
  let sql = 'i.user_id = $1';
  if (f.status) {
    params.push(f.status);
    sql += ` and i.status = $${params.length}`;
  } else if (f.hideDestroyed) {
    sql += ` and i.status <> 'destroyed'`;
  }
  if (f.search) {
    params.push(containing(f.search));
    const n = params.length;
    sql += ` and (i.hostname ilike $${n} or host(i.ip_address) like $${n})`;
  }
  return { sql, params };
}

export const instanceViews = {
  /** One page of a customer's instances, newest first, and how many match in all. */
  async list(
    db: Queryable,
    userId: number,
    f: InstanceFilter,
    page: { limit: number; offset: number },
  ): Promise<{ total: number; rows: InstanceView[] }> {
    const where = ownedWhere(userId, f);
    const n = where.params.length;
    const count = await db.query<{ n: number }>(
      `select count(*)::int as n from instances i where ${where.sql}`,
      where.params,
    );
    const list = await db.query<InstanceView>(
      `${VIEW} where ${where.sql} order by i.created_at desc, i.id desc limit $${n + 1} offset $${n + 2}`,
      [...where.params, page.limit, page.offset],
    );
    return { total: count.rows[0]!.n, rows: list.rows };
  },
  /** One of a customer's instances; another customer's id finds nothing. */
  async owned(db: Queryable, userId: number, id: number): Promise<InstanceView | null> {
    const { rows } = await db.query<InstanceView>(`${VIEW} where i.id = $1 and i.user_id = $2`, [id, userId]);
    return rows[0] ?? null;
  },
  /** The instance's latest task, when it ended in error (Status 5): what failed and when. */
  async lastFailure(db: Queryable, id: number): Promise<{ kind: string; finished_at: Date } | null> {
    const { rows } = await db.query<{ kind: string; status: number; finished_at: Date }>(
      'select kind, status, finished_at from tasks where instance_id = $1 order by id desc limit 1',
      [id],
    );
    const last = rows[0];
    return last && last.status === 5 ? last : null;
  },
};
