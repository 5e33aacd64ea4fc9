// The invariants `npm run proof` checks once the load has stopped and every task has ended: read
// from the database and from the clusters' own API, never from what the load believed.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { ClusterRef } from './topology.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const list = (items: unknown[], max = 8) =>
  items.length ? `: ${items.slice(0, max).map(String).join(', ')}${items.length > max ? ', …' : ''}` : '';

/** A GET on a cluster's API, tried again past injected faults (the fault mode answers 5xx at random). */
async function pveGet<T>(c: ClusterRef, path: string): Promise<T> {
  for (let i = 0; ; i++) {
    const res = await fetch(`${c.url}/api2/json${path}`, {
      headers: { Authorization: `PVEAPIToken=${c.tokenId}=${c.tokenSecret}` },
    }).catch(() => null);
    if (res?.ok) return ((await res.json()) as { data: T }).data;
    if (i > 50) throw new Error(`${c.name}: GET ${path} kept failing (${res?.status ?? 'network'})`);
    await sleep(100);
  }
}

interface Vm {
  vmid: number;
  node: string;
  name?: string;
  template?: number;
}

export async function checkInvariants(db: pg.Client, clusters: ClusterRef[]): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (name: string, bad: unknown[], detail = '') =>
    checks.push({ name, ok: bad.length === 0, detail: bad.length ? `${bad.length} wrong${list(bad)}` : detail });

  // Tasks: each ended; a failed deploy or upgrade gave its money back.
  const { rows: open } = await db.query<{ id: number; kind: string; status: number }>(
    'select id, kind, status from tasks where status < 2 order by id',
  );
  const { rows: byKind } = await db.query<{ kind: string; status: number; n: number }>(
    'select kind, status, count(*)::int as n from tasks group by 1, 2 order by 1, 2',
  );
  const summary = byKind.map(
    (r) => `${r.kind} ${['pending', 'running', 'ok', 'finished', 'stopped', 'error'][r.status]} ${r.n}`,
  );
  add(
    'every task ended (0 lost)',
    open.map((t) => `task ${t.id} ${t.kind} status ${t.status}`),
    summary.join(', '),
  );
  const { rows: badDeploys } = await db.query<{ id: number; why: string }>(
    `select t.id, case
        when i.status <> 'cancelled' then 'instance ' || i.status
        when i.vmid is not null or i.ip_address is not null then 'placement kept'
        when exists (select 1 from ip_allocations a where a.instance_id = i.id) then 'address kept'
        when exists (select 1 from invoices v where v.instance_id = i.id and v.kind = 'deploy' and v.status <> 'cancelled') then 'invoice not cancelled'
        when coalesce((select sum(amount) from ledger l where l.user_id = i.user_id and l.kind = 'refund'
                and l.note_data->>'key' = 'deploy_refund' and (l.note_data->'args'->>'instance')::bigint = i.id), 0)
             <> coalesce((select sum(amount) from invoices v where v.instance_id = i.id and v.kind = 'deploy' and v.paid_at is not null), 0)
          then 'refund differs from the charge'
        end as why
     from tasks t join instances i on i.id = t.instance_id
     where t.kind = 'deploy' and t.status = 5`,
  );
  add(
    'every failed deploy cancelled and refunded',
    badDeploys.filter((r) => r.why).map((r) => `task ${r.id}: ${r.why}`),
  );
  const { rows: badDone } = await db.query<{ id: number; status: string }>(
    `select t.id, i.status from tasks t join instances i on i.id = t.instance_id
     where t.kind = 'deploy' and t.status in (2, 3) and i.status in ('pending', 'creating', 'cancelled')`,
  );
  add(
    'every finished deploy left a live instance',
    badDone.map((r) => `task ${r.id}: instance ${r.status}`),
  );
  const { rows: badUpgrades } = await db.query<{ id: number; status: string }>(
    `select t.id, v.status from tasks t join invoices v on v.id = (t.state->>'invoiceId')::bigint
     where t.kind = 'upgrade' and ((t.status = 5 and v.status <> 'cancelled') or (t.status in (2, 3) and v.status <> 'paid'))`,
  );
  add(
    'every failed upgrade cancelled its invoice, every done one kept it paid',
    badUpgrades.map((r) => `task ${r.id}: invoice ${r.status}`),
  );

  // Money: balances, charges against invoices, top-ups.
  const { rows: balances } = await db.query<{ id: number; balance: string; sum: string }>(
    `select u.id, u.balance::text, coalesce((select sum(amount) from ledger l where l.user_id = u.id), 0)::text as sum
     from users u`,
  );
  add(
    'every balance = the sum of its ledger',
    balances.filter((b) => b.balance !== b.sum).map((b) => `user ${b.id}: ${b.balance} ≠ ${b.sum}`),
    `${balances.length} customers`,
  );
  const { rows: money } = await db.query<{
    id: number;
    charged: string;
    refunded: string;
    paid: string;
    cancelled: string;
  }>(
    `select u.id,
       coalesce((select -sum(amount) from ledger l where l.user_id = u.id and l.kind = 'charge'), 0)::text as charged,
       coalesce((select sum(amount) from ledger l where l.user_id = u.id and l.kind = 'refund'), 0)::text as refunded,
       coalesce((select sum(amount) from invoices v where v.user_id = u.id and v.status = 'paid'), 0)::text as paid,
       coalesce((select sum(amount) from invoices v where v.user_id = u.id and v.status = 'cancelled' and v.paid_at is not null), 0)::text as cancelled
     from users u`,
  );
  add(
    'charges = paid invoices + refunded ones, refunds = cancelled paid invoices',
    money
      .filter((m) => BigInt(m.charged) !== BigInt(m.paid) + BigInt(m.cancelled) || m.refunded !== m.cancelled)
      .map(
        (m) => `user ${m.id}: charged ${m.charged}, paid ${m.paid}, cancelled ${m.cancelled}, refunded ${m.refunded}`,
      ),
  );
  const { rows: payments } = await db.query<{
    id: number;
    status: string;
    credits: number;
    credited: string;
    amount: string;
  }>(
    `select p.id, p.status, count(l.id)::int as credits, coalesce(sum(l.amount), 0)::text as credited, p.amount::text
     from payments p left join ledger l on l.kind = 'topup' and l.user_id = p.user_id
       and (l.note_data->'args'->>'payment')::bigint = p.id
     group by p.id order by p.id`,
  );
  const succeeded = payments.filter((p) => p.status === 'succeeded').length;
  add(
    'every payment credited exactly once (failed ones never)',
    payments
      .filter((p) => (p.status === 'succeeded' ? p.credits !== 1 || p.credited !== p.amount : p.credits !== 0))
      .map((p) => `payment ${p.id} ${p.status}: ${p.credits} credits`),
    `${payments.length} payments, ${succeeded} succeeded`,
  );

  // The clusters against the database.
  const { rows: placed } = await db.query<{
    id: number;
    cluster: string;
    node: string;
    vmid: number;
    status: string;
    ip: string | null;
    reinstallFailed: boolean;
  }>(
    `select id, cluster, node, vmid, status, host(ip_address) as ip,
       coalesce((select t.kind = 'recreate' and t.status = 5 from tasks t where t.instance_id = i.id
                 order by t.id desc limit 1), false) as "reinstallFailed"
     from instances i where vmid is not null and status not in ('cancelled', 'destroyed')`,
  );
  const orphans: string[] = [];
  const missing: string[] = [];
  const doubles: string[] = [];
  const wrongAddress: string[] = [];
  const awaitingReinstall: number[] = [];
  let vmCount = 0;
  for (const c of clusters) {
    const key = `${c.region}/${c.name}`;
    const vms = (await pveGet<Vm[]>(c, '/cluster/resources?type=vm')).filter((v) => !v.template);
    vmCount += vms.length;
    const mine = placed.filter((i) => i.cluster === key);
    const byVmid = new Map(mine.map((i) => [i.vmid, i]));
    const seen = new Map<number, number>();
    for (const vm of vms) {
      seen.set(vm.vmid, (seen.get(vm.vmid) ?? 0) + 1);
      const owner = byVmid.get(vm.vmid);
      if (!owner) orphans.push(`${key} VM ${vm.vmid}`);
      else if (owner.node !== vm.node) missing.push(`instance ${owner.id} on ${owner.node}, VM on ${vm.node}`);
      else {
        const config = await pveGet<{ ipconfig0?: string }>(c, `/nodes/${vm.node}/qemu/${vm.vmid}/config`);
        if (!owner.ip || !config.ipconfig0?.includes(`ip=${owner.ip}/`))
          wrongAddress.push(`instance ${owner.id}: ${owner.ip} vs ${config.ipconfig0 ?? 'none'}`);
      }
    }
    for (const [vmid, n] of seen) if (n > 1) doubles.push(`${key} VM ${vmid} ×${n}`);
    for (const i of mine) {
      if (seen.has(i.vmid)) continue;
      // By design: a reinstall that failed after removing the old VM leaves the instance to be
      // reinstalled again (power actions answer wrong_status meanwhile).
      if (i.reinstallFailed) awaitingReinstall.push(i.id);
      else missing.push(`instance ${i.id} (${i.status}) has no VM ${i.vmid}`);
    }
  }
  add('0 orphan VMs (every VM on the clusters is an instance)', orphans, `${vmCount} VMs, ${placed.length} instances`);
  add(
    '0 instances without their VM',
    missing,
    awaitingReinstall.length
      ? `${awaitingReinstall.length} after a failed reinstall, waiting for another (instances ${awaitingReinstall.join(', ')})`
      : '',
  );
  add('0 doubles (one VM per VMID, one VMID per instance)', doubles);
  add('each VM carries its instance’s address', wrongAddress);
  const { rows: sameAddress } = await db.query<{ ip: string; n: number }>(
    `select host(ip_address) as ip, count(*)::int as n from instances
     where ip_address is not null and status not in ('cancelled', 'destroyed') group by 1 having count(*) > 1`,
  );
  const { rows: allocations } = await db.query<{ id: number }>(
    `select i.id from instances i where i.ip_address is not null and status not in ('cancelled', 'destroyed')
       and not exists (select 1 from ip_allocations a where a.instance_id = i.id and a.address = i.ip_address)`,
  );
  add('addresses unique and allocated', [
    ...sameAddress.map((r) => `${r.ip} ×${r.n}`),
    ...allocations.map((r) => `instance ${r.id} not allocated`),
  ]);
  return checks;
}
