import { Semaphore, type Limiter } from '@nimbus/proxmox';
import pg from 'pg';
import type { Logger } from 'pino';

/** The channel a freed slot is announced on, so waiters in every process try again at once. */
const CHANNEL = 'nimbus_proxmox_slots';

/** The longest pause between two tries for a slot (a slot freed by a process that died is not announced). */
const MAX_PAUSE_MS = 1000;

/**
 * The Proxmox concurrency limits (task-creating calls per node and per storage of a cluster) for
 * every process on one database, so they hold at any replica count.
 *
 * Each limit of N is N slots, each a PostgreSQL advisory lock; a call holds one slot per key from
 * before its POST until its task has ended. Why session-level locks on one connection of its own:
 * - A slot is held for the whole Proxmox call (minutes for a clone), and no transaction may stay
 *   open across a network call, so transaction-level locks are out.
 * - A session-level lock on a pooled connection would go back to the pool still held (and be lost
 *   whenever the pool closes that connection), so the locks live on a dedicated connection outside
 *   the pool, opened by this object and used for nothing else.
 * - When the process dies, PostgreSQL ends its session and its slots are free at once: no lease to
 *   expire, no row to clean up.
 * - One connection holds every slot of the process. A session that asks again for a lock it holds
 *   gets it again, so this process keeps the book of the slots it holds and only tries the others;
 *   a local semaphore per key keeps at most N of its own calls trying, first come first served.
 * If that connection breaks, its locks are gone while the calls that held them still run: the next
 * call opens a new connection, and the limit may be passed until those calls end (logged).
 */
export class ProxmoxSlots {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  /** Slots this process holds, `key#n`, with the connection that holds each. */
  private readonly held = new Map<string, pg.Client>();
  private readonly local = new Map<string, Semaphore>();
  private readonly sleepers = new Set<() => void>();
  /** The connection's queries, one after another (pg would queue them too, but warns). */
  private queries: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: Logger,
  ) {}

  /** The limiter of one cluster (`cluster` names it among all clusters): `limits` per key category. */
  limiter(cluster: string, limits: Record<string, number>): Limiter {
    return {
      run: async (keys, fn) => {
        const releases: (() => Promise<void>)[] = [];
        try {
          // In sorted order, like ConcurrencyLimiter, so two calls never wait on each other's slots.
          for (const key of [...new Set(keys)].sort()) {
            const limit = limits[key.split(':')[0] ?? ''];
            if (limit !== undefined) releases.push(await this.acquire(`${cluster}|${key}`, limit));
          }
          return await fn();
        } finally {
          for (const release of releases.reverse()) await release();
        }
      },
    };
  }

  /** Ends the connection, which frees every slot still held. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of [...this.sleepers]) wake();
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async acquire(key: string, limit: number): Promise<() => Promise<void>> {
    let sem = this.local.get(key);
    if (!sem) {
      sem = new Semaphore(limit);
      this.local.set(key, sem);
    }
    const releaseLocal = await sem.acquire();
    try {
      for (let pause = 50; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
        const slot = await this.tryTake(key, limit);
        if (slot !== null) {
          return async () => {
            await this.give(slot);
            releaseLocal();
          };
        }
        await this.sleep(pause);
      }
    } catch (e) {
      releaseLocal();
      throw e;
    }
  }

  /** Takes a free slot of `key` (`key#n`), or answers null when all of them are held. */
  private async tryTake(key: string, limit: number): Promise<string | null> {
    const client = await this.connection();
    for (let n = 0; n < limit; n++) {
      const slot = `${key}#${n}`;
      if (this.held.has(slot)) continue;
      // Booked before asking, so another call of this process never asks for the same slot.
      this.held.set(slot, client);
      let ok = false;
      try {
        const { rows } = await this.query<{ ok: boolean }>(
          client,
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
          [`proxmox-slot:${slot}`],
        );
        ok = rows[0]?.ok === true;
      } finally {
        if (!ok) this.held.delete(slot);
      }
      if (ok) return slot;
    }
    return null;
  }

  private async give(slot: string): Promise<void> {
    const holder = this.held.get(slot);
    this.held.delete(slot);
    // A slot whose connection broke is no longer locked: there is nothing to give back.
    if (!holder || holder !== this.client) return;
    try {
      await this.query(holder, 'select pg_advisory_unlock(hashtextextended($1, 0)), pg_notify($2, $1)', [
        `proxmox-slot:${slot}`,
        CHANNEL,
      ]);
    } catch (err) {
      this.log.warn({ err, slot }, 'a Proxmox slot could not be given back; it frees when its connection ends');
    }
  }

  private query<R extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[]) {
    const run = this.queries.then(() => client.query<R>(text, values));
    this.queries = run.catch(() => undefined);
    return run;
  }

  private connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('the Proxmox slots are closed'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'nimbus proxmox slots' });
      const lost = (err?: Error) => {
        if (this.client !== client) return;
        this.client = null;
        const running = [...this.held.values()].filter((c) => c === client).length;
        if (!this.closed) {
          this.log.warn(
            { err: err?.message, running },
            'lost the connection holding the Proxmox slots; the limits may be passed until the running calls end',
          );
        }
        client.end().catch(() => undefined);
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', () => {
        for (const wake of [...this.sleepers]) wake();
      });
      try {
        await client.connect();
        await client.query(`listen ${CHANNEL}`);
      } catch (e) {
        await client.end().catch(() => undefined);
        throw e;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** Waits `ms`, or less when a slot is announced free. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}
