import type { Queryable } from '../../infra/db/pool.js';
import type { IpPool } from '../../infra/compute/config.js';

const toInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const toIp = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

export interface Address {
  address: string;
  gateway: string;
  prefix: number;
  nameservers: string[];
}

/** How many addresses of a cluster's pools are still free. */
export async function freeAddresses(db: Queryable, cluster: string, pools: IpPool[]): Promise<number> {
  const size = pools.reduce((n, p) => n + toInt(p.range[1]) - toInt(p.range[0]) + 1, 0);
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from ip_allocations where cluster = $1', [
    cluster,
  ]);
  return size - rows[0]!.n;
}

/**
 * Hands the lowest free address of a cluster's pools to an instance. The primary key on
 * (cluster, address) makes a concurrent claim of the same address wait and then skip it, so two
 * replicas never hand out one address twice. Null when every address is taken.
 */
export async function allocateAddress(
  db: Queryable,
  cluster: string,
  pools: IpPool[],
  instanceId: number,
): Promise<Address | null> {
  const { rows } = await db.query<{ address: string }>(
    'select host(address) as address from ip_allocations where cluster = $1',
    [cluster],
  );
  const taken = new Set(rows.map((r) => r.address));
  for (const pool of pools) {
    const prefix = Number(pool.cidr.split('/')[1]);
    for (let n = toInt(pool.range[0]); n <= toInt(pool.range[1]); n++) {
      const address = toIp(n);
      if (taken.has(address) || address === pool.gateway) continue;
      const claimed = await db.query(
        'insert into ip_allocations (cluster, address, instance_id) values ($1, $2, $3) on conflict do nothing',
        [cluster, address, instanceId],
      );
      if (claimed.rowCount === 1) return { address, gateway: pool.gateway, prefix, nameservers: pool.nameservers };
    }
  }
  return null;
}

export async function releaseAddress(db: Queryable, instanceId: number): Promise<void> {
  await db.query('delete from ip_allocations where instance_id = $1', [instanceId]);
}

/**
 * The next VMID to try on a cluster, inside its configured range (after the last comes the first
 * again); unique per cluster across replicas (a row-locked counter). A counter outside the range
 * (the range was changed) starts over at its first VMID.
 */
export async function nextVmid(db: Queryable, cluster: string, range: readonly [number, number]): Promise<number> {
  const { rows } = await db.query<{ vmid: number }>(
    `insert into vmid_counters (cluster, next) values ($1, $2::int + 1)
     on conflict (cluster) do update set next = case
       when vmid_counters.next < $2::int or vmid_counters.next > $3::int then $2::int + 1
       else vmid_counters.next + 1 end
     returning next - 1 as vmid`,
    [cluster, range[0], range[1]],
  );
  return rows[0]!.vmid;
}
