import type { Queryable } from '../../db/pool.js';

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
  async setAddress(db: Queryable, id: number, a: { address: string; gateway: string; prefix: number }): Promise<void> {
    await db.query(
      'update instances set ip_address = $2, gateway = $3, prefix = $4, updated_at = now() where id = $1',
      [id, a.address, a.gateway, a.prefix],
    );
  },
};
