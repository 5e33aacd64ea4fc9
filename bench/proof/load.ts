// The mixed load of `npm run proof`: simulated customers using the console's API through the
// balancer with real HTTP, as the web app does, and what every answer was.
import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';

export interface Customer {
  email: string;
  password: string;
  /** Starts short of the price of any server: its deploys are refused until a top-up lands. */
  poor: boolean;
}

interface Answer {
  status: number;
  code: string;
  data: unknown;
}

/** Latencies and outcomes per route, as the client saw them through the balancer. */
export class Stats {
  readonly routes = new Map<string, number[]>();
  readonly outcomes = new Map<string, number>();
  /** Outcomes other than 2xx and 3xx, by route. */
  readonly failures = new Map<string, number>();
  /** Answers 500 the application gave itself (its error envelope), as opposed to the balancer's 502/503. */
  readonly appErrors: string[] = [];
  requests = 0;
  consoles = { opened: 0, refused: 0, failed: 0 };
  topups = { approved: 0, declined: 0, replays: 0 };

  record(route: string, ms: number, outcome: string): void {
    this.requests++;
    let list = this.routes.get(route);
    if (!list) this.routes.set(route, (list = []));
    list.push(ms);
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
    if (!/^[23]\d\d\b/.test(outcome) && outcome !== 'ws 101 rfb') {
      const key = `${route} → ${outcome}`;
      this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
    }
  }
}

export interface LoadOptions {
  base: string;
  customers: Customer[];
  until: number;
  sandboxSecret: string;
  stats: Stats;
  /** Pause between one customer's actions, in ms (at random up to twice this). */
  thinkMs: number;
  seed: number;
}

/** A small seeded generator, so a run's choices repeat (the timing of the replicas' deaths does not). */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** One HTTP call through the balancer, recorded under its route; never throws. */
async function call(
  o: LoadOptions,
  method: string,
  route: string,
  url: string,
  opts: {
    ssid?: string;
    body?: unknown;
    key?: string;
    form?: Record<string, string>;
    raw?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.ssid) headers.ssid = opts.ssid;
  if (opts.key) headers['idempotency-key'] = opts.key;
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.raw !== undefined) {
    headers['content-type'] = 'application/json';
    body = opts.raw;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const started = performance.now();
  let answer: Answer;
  try {
    const res = await fetch(`${o.base}${url}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let json: { code?: string; data?: unknown } | null = null;
    try {
      json = JSON.parse(text) as { code?: string; data?: unknown };
    } catch {
      /* an HTML page (the sandbox's, or the balancer's own error page) */
    }
    answer = { status: res.status, code: json?.code ?? '', data: json?.data ?? text };
    if (res.status >= 500 && json?.code) o.stats.appErrors.push(`${res.status} ${json.code} ${method} ${route}`);
  } catch (e) {
    answer = { status: 0, code: (e as Error).name === 'TimeoutError' ? 'timeout' : 'network', data: null };
  }
  const outcome =
    answer.status === 0 ? answer.code : answer.code ? `${answer.status} ${answer.code}` : `${answer.status}`;
  o.stats.record(`${method} ${route}`, performance.now() - started, outcome);
  return answer;
}

/** Whether a request may be sent again as it is: the balancer or a dying replica answered, not the app. */
const retryable = (a: Answer) => a.status === 0 || ((a.status === 502 || a.status === 503) && !a.code);

/** A mutation sent with an Idempotency-Key, repeated with the same key while the balancer has no replica for it. */
async function mutate(o: LoadOptions, route: string, opts: { ssid: string; body: unknown }): Promise<Answer> {
  const key = randomUUID();
  let a: Answer = { status: 0, code: 'network', data: null };
  for (let i = 0; i < 5 && Date.now() < o.until + 30_000; i++) {
    a = await call(o, 'POST', route, route, { ...opts, key });
    if (!retryable(a)) return a;
    await sleep(300 * (i + 1));
  }
  return a;
}

interface Product {
  Id: number;
}
interface Region {
  Name: string;
  Groups: { Products: Product[] }[];
}
interface Instance {
  Id: number;
  Status: string;
}

/** One customer's session: signs in, then acts at random until the deadline. */
async function customerLoop(o: LoadOptions, c: Customer, index: number): Promise<void> {
  const rnd = random(o.seed * 1000 + index + 1);
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(rnd() * list.length)];
  let ssid = '';
  const signIn = async () => {
    const a = await call(o, 'POST', '/api/login', '/api/login', {
      body: { Email: c.email, Password: c.password, AgreeTerms: true },
    });
    if (a.status === 200) ssid = (a.data as { session_id: string }).session_id;
  };
  let products: Product[] = [];
  let templates: { Id: number }[] = [];
  let instances: Instance[] = [];
  const refresh = async () => {
    const a = await call(o, 'GET', '/api/instances', '/api/instances?limit=100', { ssid });
    if (a.status === 200) instances = (a.data as { Items: Instance[] }).Items;
  };
  let n = 0;
  while (Date.now() < o.until) {
    if (!ssid) {
      await signIn();
      if (!ssid) {
        await sleep(500);
        continue;
      }
    }
    if (!products.length) {
      const a = await call(o, 'GET', '/api/deploy/products', '/api/deploy/products', { ssid });
      if (a.status === 200) {
        // The two cheapest sizes of the first type, in both regions.
        products = (a.data as Region[]).flatMap((r) => r.Groups[0]?.Products.slice(0, 2) ?? []);
        const first = products[0];
        if (first) {
          const t = await call(o, 'GET', '/api/product/templates', `/api/product/templates?productId=${first.Id}`, {
            ssid,
          });
          if (t.status === 200) templates = t.data as { Id: number }[];
        }
      }
      if (!products.length || !templates.length) {
        products = [];
        await sleep(300);
        continue;
      }
    }
    const available = instances.filter((i) => i.Status === 'available');
    const target = pick(available);
    const roll = rnd();
    let a: Answer | undefined;
    if (roll < 0.12 && instances.filter((i) => i.Status !== 'cancelled').length < 4) {
      a = await mutate(o, '/api/deploy', {
        ssid,
        body: {
          ProductId: pick(products)!.Id,
          Quantity: 1,
          Cycle: 'Month',
          PromotionCode: '',
          Hostnames: [`proof-${index}-${n++}`],
          UserData: {
            TemplateId: pick(templates)!.Id,
            Username: 'ada',
            Password: 'proof-vm-password-1',
            SSHKeyIds: [],
          },
          CustomConfig: [],
        },
      });
      if (a.status === 200) await refresh();
    } else if (roll < 0.2 && target) {
      a = await mutate(o, '/api/instance/recreate', {
        ssid,
        body: { Id: target.Id, TemplateId: pick(templates)!.Id, Username: 'ada', Password: 'proof-vm-password-2' },
      });
    } else if (roll < 0.26 && target) {
      const u = await call(o, 'GET', '/api/instance/upgrades', `/api/instance/upgrades?id=${target.Id}`, { ssid });
      const option = u.status === 200 ? (u.data as { ProductId: number }[])[0] : undefined;
      if (option)
        a = await mutate(o, '/api/instance/upgrade', { ssid, body: { Id: target.Id, ProductId: option.ProductId } });
    } else if (roll < 0.33 && target) {
      a = await mutate(o, '/api/instance/backup/add', { ssid, body: { Id: target.Id, Name: `proof ${n++}` } });
    } else if (roll < 0.43) {
      await topUp(o, ssid, c.poor ? 2000 : 500 + Math.floor(rnd() * 10) * 100, rnd);
    } else if (roll < 0.5 && target) {
      await openConsole(o, ssid, target.Id);
    } else if (roll < 0.53) {
      await signIn();
    } else if (roll < 0.6) {
      await refresh();
    } else {
      const any = pick(instances.filter((i) => i.Status !== 'cancelled' && i.Status !== 'destroyed'));
      if (any) await call(o, 'GET', '/api/instance/status', `/api/instance/status?id=${any.Id}`, { ssid });
      else await refresh();
    }
    if (a?.status === 401) ssid = '';
    if (rnd() < 0.15) await refresh();
    await sleep(o.thinkMs * 2 * rnd());
  }
}

/**
 * A top-up as a person makes it: the payment, the sandbox's page, a press of approve (or decline),
 * then the gateway's callback sent again once or twice, as gateways do.
 */
async function topUp(o: LoadOptions, ssid: string, amount: number, rnd: () => number): Promise<void> {
  const p = await mutate(o, '/api/balance/topup', { ssid, body: { Amount: amount, Method: 'sandbox' } });
  if (p.status !== 200) return;
  const payment = p.data as { Id: number; Url: string };
  const page = await call(o, 'GET', '/pay/sandbox/:id', payment.Url);
  const form = /<form method="post" action="([^"]+)">\s*<input type="hidden" name="t" value="([^"]+)">/.exec(
    String(page.data),
  );
  if (page.status !== 200 || !form) return;
  const decision = rnd() < 0.85 ? 'approve' : 'decline';
  const res = await call(o, 'POST', '/pay/sandbox/:id', form[1]!, { form: { t: form[2]!, decision } });
  if (res.status !== 303) return;
  if (decision === 'approve') o.stats.topups.approved++;
  else o.stats.topups.declined++;
  const key = createHmac('sha256', o.sandboxSecret).update('nimbus sandbox gateway v1').digest();
  const replays = 1 + Math.floor(rnd() * 2);
  for (let i = 0; i < replays; i++) {
    // The same event again; after an approval, sometimes a late failure too, which must change nothing.
    const outcome = decision === 'approve' && rnd() < 0.8 ? 'succeeded' : 'failed';
    const raw = JSON.stringify({ PaymentId: payment.Id, Outcome: outcome });
    const signature = createHmac('sha256', key).update('callback\n').update(raw).digest('hex');
    await call(o, 'POST', '/api/payment/sandbox/webhook', '/api/payment/sandbox/webhook', {
      raw,
      headers: { 'nimbus-sandbox-signature': signature },
    });
    o.stats.topups.replays++;
  }
}

/** A VNC console through the balancer: a ticket, the WebSocket, and the server's RFB greeting. */
async function openConsole(o: LoadOptions, ssid: string, id: number): Promise<void> {
  const t = await call(o, 'POST', '/api/instance/vnc', '/api/instance/vnc', { ssid, body: { id } });
  if (t.status !== 200) {
    o.stats.consoles.refused++;
    return;
  }
  const ticket = (t.data as { Ticket: string }).Ticket;
  const url = `${o.base.replace(/^http/, 'ws')}/api/instance/vnc/ws?id=${id}&ticket=${encodeURIComponent(ticket)}`;
  const started = performance.now();
  const outcome = await new Promise<string>((resolve) => {
    const ws = new WebSocket(url, ['binary']);
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('ws timeout');
    }, 15_000);
    ws.once('message', (data: Buffer) => {
      clearTimeout(timer);
      ws.close();
      resolve(data.toString('latin1').startsWith('RFB ') ? 'ws 101 rfb' : 'ws 101 other');
    });
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(`ws close ${code}`);
    });
    ws.once('error', (e) => {
      clearTimeout(timer);
      resolve(`ws error ${/Unexpected server response: (\d+)/.exec(e.message)?.[1] ?? 'network'}`);
    });
  });
  o.stats.record('WS /api/instance/vnc/ws', performance.now() - started, outcome);
  if (outcome === 'ws 101 rfb') o.stats.consoles.opened++;
  else o.stats.consoles.failed++;
}

export async function runLoad(o: LoadOptions): Promise<void> {
  await Promise.all(o.customers.map((c, i) => customerLoop(o, c, i)));
}
