import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/pool.js';
import type { InstanceStatus } from './repository.js';

/** What the status route needs to know about an instance: whose it is and where its VM lives. */
export interface InstanceRef {
  hostname: string;
  status: InstanceStatus;
  cluster: string;
  vmid: number | null;
}

/** What api/instance adds to the detail: the product's texts and quotas, the renewal price, addresses. */
export interface InstanceExtras {
  cluster: string;
  node: string | null;
  vmid: number | null;
  product_description: string;
  backup_quota: number;
  snapshot_quota: number;
  renew_price: number | null;
  assigned_ips: string[];
  reverse_dns: string | null;
}

/** Session ids are stored as their SHA-256 (see auth/sessions.ts). */
export const sessionDigest = (id: string) => createHash('sha256').update(id).digest();

export const liveRepository = {
  /** The user id of each live session among `ids` (raw session ids). */
  async sessionsUsers(db: Queryable, ids: string[]): Promise<Map<string, number>> {
    const digests = ids.map(sessionDigest);
    const { rows } = await db.query<{ i: number; user_id: number }>(
      `select k.i::int as i, s.user_id from unnest($1::bytea[]) with ordinality as k(hash, i)
       join sessions s on s.id_hash = k.hash and s.expire_at > now()`,
      [digests],
    );
    return new Map(rows.map((r) => [ids[r.i - 1]!, Number(r.user_id)]));
  },

  /** The refs of many "userId:instanceId" keys; a key whose instance is not that user's is absent. */
  async refs(db: Queryable, keys: string[]): Promise<Map<string, InstanceRef>> {
    const pairs = keys.map((k) => k.split(':').map(Number) as [number, number]);
    const { rows } = await db.query<InstanceRef & { i: number }>(
      `select k.i::int as i, x.hostname, x.status, x.cluster, x.vmid
       from unnest($1::bigint[], $2::bigint[]) with ordinality as k(uid, iid, i)
       join instances x on x.id = k.iid and x.user_id = k.uid`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    return new Map(rows.map(({ i, ...ref }) => [keys[i - 1]!, ref]));
  },

  /** The extras of one of a customer's instances, or null when it is not theirs. */
  async extras(db: Queryable, userId: number, id: number): Promise<InstanceExtras | null> {
    const { rows } = await db.query<InstanceExtras>(
      `select i.cluster, i.node, i.vmid, i.reverse_dns, p.description as product_description, p.backup_quota, p.snapshot_quota,
         (p.prices ->> i.cycle)::bigint as renew_price,
         array(select host(a.address) from ip_allocations a where a.instance_id = i.id order by a.address)
           as assigned_ips
       from instances i join products p on p.id = i.product_id
       where i.id = $1 and i.user_id = $2`,
      [id, userId],
    );
    const r = rows[0];
    return r ? { ...r, renew_price: r.renew_price === null ? null : Number(r.renew_price) } : null;
  },

  /** Where one of a customer's instances lives, or null when it is not theirs. */
  async placement(
    db: Queryable,
    userId: number,
    id: number,
  ): Promise<{ cluster: string; node: string | null; vmid: number | null; status: InstanceStatus } | null> {
    const { rows } = await db.query<{
      cluster: string;
      node: string | null;
      vmid: number | null;
      status: InstanceStatus;
    }>('select cluster, node, vmid, status from instances where id = $1 and user_id = $2', [id, userId]);
    return rows[0] ?? null;
  },
};
