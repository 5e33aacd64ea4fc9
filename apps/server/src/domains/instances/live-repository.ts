import { createHash } from 'node:crypto';
import type { Queryable } from '../../infra/db/pool.js';
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

/** Session ids are stored as their SHA-256 (see infra/sessions/repository.ts). */
export const sessionDigest = (id: string) => createHash('sha256').update(id).digest();

/** A live session as the status route remembers it: its user, and its digest for revalidation. */
export interface SessionRef {
  userId: number;
  digest: Buffer;
}

export const liveRepository = {
  /** The live sessions among `ids` (raw session ids). */
  async sessionsUsers(db: Queryable, ids: string[]): Promise<Map<string, SessionRef>> {
    const digests = ids.map(sessionDigest);
    const { rows } = await db.query<{ i: number; user_id: number }>(
      `select k.i::int as i, s.user_id from unnest($1::bytea[]) with ordinality as k(hash, i)
       join sessions s on s.id_hash = k.hash and s.expire_at > now()`,
      [digests],
    );
    return new Map(rows.map((r) => [ids[r.i - 1]!, { userId: Number(r.user_id), digest: digests[r.i - 1]! }]));
  },

  /**
   * Which of the held sessions are no longer live: usually none, so nothing to read. Their digests
   * were taken when they were loaded, so a revalidation hashes nothing.
   */
  async goneSessions(db: Queryable, held: [string, SessionRef][]): Promise<Set<string>> {
    const { rows } = await db.query<{ i: number }>(
      `select k.i::int as i from unnest($1::bytea[]) with ordinality as k(hash, i)
       where not exists (select 1 from sessions s where s.id_hash = k.hash and s.expire_at > now())`,
      [held.map(([, s]) => s.digest)],
    );
    return new Set(rows.map((r) => held[r.i - 1]![0]));
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

  /**
   * Revalidates held refs, reading back only those that changed or are gone (usually none): the
   * answer is every held ref still valid, with its current value.
   */
  async changedRefs(db: Queryable, held: [string, InstanceRef][]): Promise<Map<string, InstanceRef>> {
    const pairs = held.map(([k]) => k.split(':').map(Number) as [number, number]);
    const { rows } = await db.query<InstanceRef & { i: number; gone: boolean }>(
      `select k.i::int as i, x.id is null as gone, x.hostname, x.status, x.cluster, x.vmid
       from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::int[])
         with ordinality as k(uid, iid, hostname, status, cluster, vmid, i)
       left join instances x on x.id = k.iid and x.user_id = k.uid
       where x.id is null or x.hostname <> k.hostname or x.status <> k.status or x.cluster <> k.cluster
         or x.vmid is distinct from k.vmid`,
      [
        pairs.map((p) => p[0]),
        pairs.map((p) => p[1]),
        held.map(([, r]) => r.hostname),
        held.map(([, r]) => r.status),
        held.map(([, r]) => r.cluster),
        held.map(([, r]) => r.vmid),
      ],
    );
    const current = new Map(held);
    for (const { i, gone, ...ref } of rows) {
      const key = held[i - 1]![0];
      if (gone) current.delete(key);
      else current.set(key, ref);
    }
    return current;
  },

  /** The refs of a customer's instances that may have a VM, with their ids (for the lists' power states). */
  async vmRefs(db: Queryable, userId: number): Promise<(InstanceRef & { id: number })[]> {
    const { rows } = await db.query<InstanceRef & { id: number }>(
      `select id, hostname, status, cluster, vmid from instances
       where user_id = $1 and vmid is not null and status not in ('pending', 'creating', 'destroyed', 'cancelled')
       order by id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
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
