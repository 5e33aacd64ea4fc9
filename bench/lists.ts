// List pages at scale: GET api/instances, invoices, tickets, balance/transactions and notices with
// 100,000 rows in each table spread over 1,000 customers (notices are everyone's: 100,000 of them,
// a third read by each customer who reads any). The app runs in this process (bench/app.ts); the
// load comes from a child process (bench/status-load.mjs) over 127.0.0.1, closed loop, each request
// for a random customer, page and filter as the console's pages ask them.
// Each route is measured with one client (a request's own time: the p99 target of 20 ms) and then
// with `clients` flat out (capacity).
// Usage: node --import tsx bench/lists.ts [rows per table=100000] [customers=1000] [seconds per run=10] [clients=8]
import { type DeployResult, type Region, TASK_STATUS, type TaskResult } from '@nimbus/contract';
import { publishNotice } from '../apps/server/src/domains/notices/publishing.js';
import { createTicketType } from '../apps/server/src/domains/tickets/staff.js';
import { withTx } from '../apps/server/src/infra/db/pool.js';
import { post } from '../apps/server/src/domains/users/ledger.js';
import { users } from '../apps/server/src/domains/users/repository.js';
import { sessions } from '../apps/server/src/infra/sessions/repository.js';
import { runLoad, startBenchApp } from './app.js';

const ROWS = Number(process.argv[2] ?? 100_000);
const CUSTOMERS = Number(process.argv[3] ?? 1_000);
const SECONDS = Number(process.argv[4] ?? 10);
const CLIENTS = Number(process.argv[5] ?? 8);

const { db, base, api, close } = await startBenchApp('lists');
const t0 = Date.now();

// Customers, with a session each.
const ids: number[] = [];
const ssids: string[] = [];
for (let i = 0; i < CUSTOMERS; i++) {
  const u = await users.insert(db, {
    email: `list-${i}@example.com`,
    passwordHash: 'x',
    currency: 'USD',
    affCode: `l${i}`,
  });
  ids.push(u.id);
  ssids.push((await sessions.create(db, u.id, 86_400, { ip: '127.0.0.1', userAgent: 'bench' })).session_id);
}

// One real row of each kind, made through the API and the domains: the instance, its invoice and
// ledger entries from a deploy, a ticket, a notice.
const first = ssids[0]!;
await withTx(db, (tx) => post(tx, ids[0]!, 'adjustment', 100_000_000, 'bench credit'));
const region = (await api<Region[]>('GET', '/deploy/products', first)).find((r) => r.Groups.length > 0)!;
const product = region.Groups[0]!.Products[0]!;
const templates = await api<{ Id: number }[]>('GET', `/product/templates?productId=${product.Id}`, first);
const deploy = await api<DeployResult>('POST', '/deploy', first, {
  ProductId: product.Id,
  Quantity: 1,
  Cycle: 'Month',
  PromotionCode: '',
  Hostnames: ['list-prototype'],
  UserData: { TemplateId: templates[0]!.Id, Username: 'ada', Password: 'bench-vm-password', SSHKeyIds: [] },
  CustomConfig: [],
});
for (;;) {
  const t = await api<TaskResult>('GET', `/instance/task/get?id=${deploy.InstanceId}&taskId=${deploy.TaskId}`, first);
  if (t.Status === TASK_STATUS.ok) break;
  if (t.Status === TASK_STATUS.error) throw new Error('the prototype deploy failed');
  await new Promise((res) => setTimeout(res, 100));
}
const type = await createTicketType(db, 'Bench', 'Bench tickets');
await api('POST', '/ticket/add', first, {
  Title: 'Prototype',
  TypeId: type.Id,
  Content: 'A ticket',
  AttachmentIds: [],
});
await publishNotice(db, { Title: 'Prototype notice', Content: '<p>A notice for every customer.</p>' }, 'cli');

/**
 * Copies the table's newest row `count` times, spread over the customers (round robin), newest
 * first in id order, with `extra` (SQL over `g`, the copy's number) for the columns that vary.
 */
const setup = await db.connect();
// Bulk copies take longer than the API's 15 s statement timeout; they copy rows whose references
// hold (users, products, regions of the prototypes), so foreign keys are not checked row by row.
await setup.query('set statement_timeout = 0');
await setup.query('set session_replication_role = replica');
async function clone(table: string, count: number, extra: Record<string, string>, owned = true) {
  const fields = Object.entries({
    id: `nextval(pg_get_serial_sequence('${table}', 'id'))`,
    ...(owned ? { user_id: `($1::bigint[])[1 + g % array_length($1::bigint[], 1)]` } : {}),
    ...extra,
  })
    .map(([k, v]) => `'${k}', ${v}`)
    .join(', ');
  await setup.query(
    `insert into ${table}
     select (jsonb_populate_record(null::${table}, to_jsonb(p) || jsonb_build_object(${fields}))).*
       from (select * from ${table} order by id desc limit 1) p, generate_series(1, $2::int) g
      where array_length($1::bigint[], 1) > 0`,
    [ids, count],
  );
}
const pick = (values: string[]) => `(array[${values.map((v) => `'${v}'`).join(',')}])[1 + g % ${values.length}]`;
const ago = (unit: string) => `now() - (($2::int - g) * interval '${unit}')`;

await clone('instances', ROWS - 1, {
  hostname: `'web-' || g`,
  status: pick(['available', 'available', 'available', 'paused', 'destroyed']),
  vmid: 'null',
  ip_address: `('10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256)::inet`,
  created_at: ago('1 minute'),
});
await clone('invoices', ROWS - 1, {
  status: pick(['paid', 'paid', 'unpaid', 'cancelled']),
  created_at: ago('1 minute'),
});
await clone('ledger', ROWS - 2, { created_at: ago('1 minute') });
await clone('tickets', ROWS - 1, {
  title: `'Ticket ' || g`,
  status: pick(['open', 'in_progress', 'answered', 'closed']),
  created_at: ago('1 minute'),
  updated_at: ago('1 minute'),
});
await clone(
  'notices',
  ROWS - 1,
  { published_at: ago('1 minute'), pinned: 'g % 5000 = 0', staff_token_id: 'null', idempotency_key: 'null' },
  false,
);
// Each customer has read every third notice of the newest 300 (what a reader of the list opens).
await setup.query(
  `insert into notice_reads (user_id, notice_id)
   select u, n.id from unnest($1::bigint[]) u,
     (select id from notices order by id desc limit 300) n where n.id % 3 = 0`,
  [ids],
);
await setup.query('reset session_replication_role');
await setup.query('vacuum analyze');
setup.release();
const counts = await db.query<{ t: string; n: number }>(
  `select 'instances' as t, count(*)::int as n from instances union all select 'invoices', count(*)::int from invoices
   union all select 'ledger', count(*)::int from ledger union all select 'tickets', count(*)::int from tickets
   union all select 'notices', count(*)::int from notices union all select 'notice_reads', count(*)::int from notice_reads`,
);
console.log(
  `\nseeded in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${counts.rows.map((r) => `${r.t} ${r.n}`).join(', ')}`,
);

/** Requests for random customers: the first pages mostly, with the page's filters now and then. */
function targets(route: (i: number) => string): { path: string; headers: Record<string, string> }[] {
  return Array.from({ length: 4_000 }, (_, i) => {
    const c = Math.floor(Math.random() * CUSTOMERS);
    return { path: `/api/${route(i)}`, headers: { ssid: ssids[c]! } };
  });
}
const page = () => (Math.random() < 0.8 ? 1 : 2 + Math.floor(Math.random() * 4));
const routes: [string, (i: number) => string][] = [
  ['instances (dashboard, limit 8)', () => 'instances?limit=8&page=1'],
  [
    'instances (list, filters, search)',
    (i) =>
      `instances?limit=20&page=${page()}${i % 4 === 1 ? '&status=paused' : ''}${i % 4 === 2 ? `&search=web-${i % 97}` : ''}`,
  ],
  ['invoices', (i) => `invoices?limit=20&page=${page()}${i % 3 === 1 ? '&status=unpaid' : ''}`],
  ['tickets', (i) => `tickets?limit=20&page=${page()}${i % 3 === 1 ? '&status=open' : ''}`],
  ['balance/transactions', () => `balance/transactions?limit=20&page=${page()}`],
  ['notices', (i) => `notices?limit=20&page=${page()}${i % 3 === 1 ? '&status=unread' : ''}`],
];

const f = (v: number) => `${v.toFixed(2)} ms`;
const run = (t: ReturnType<typeof targets>, seconds: number, clients: number) =>
  runLoad({ mode: 'closed', base, targets: t, seconds, concurrency: clients, sockets: clients });
// One client: how long one request takes (the target is its p99). Then CLIENTS flat out: capacity.
console.log(`\n${SECONDS} s per route and load\n`);
console.log(`| route | 1 client: p50 | p90 | p99 | max | ${CLIENTS} clients: requests/s | p99 | errors |`);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [name, route] of routes) {
  const t = targets(route);
  await run(t, 2, CLIENTS);
  const one = await run(t, SECONDS, 1);
  const many = await run(t, SECONDS, CLIENTS);
  const errors = one.errors + many.errors;
  const bad = Object.entries({ ...one.statuses, ...many.statuses }).filter(([s]) => s !== '200');
  console.log(
    `| ${name} | ${f(one.p50)} | ${f(one.p90)} | ${f(one.p99)} | ${f(one.max)} | ${Math.round(many.rps)} | ${f(many.p99)} | ${errors}${bad.length ? ` ${JSON.stringify(Object.fromEntries(bad))}` : ''} |`,
  );
}
await close();
