import WebSocket from 'ws';
import { withTx, type Queryable } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { assertActionable, instances } from '../instances/index.js';
import { closeSocket } from './pipe.js';
import { openConsoleRows } from './repository.js';
import { sessions } from '../../infra/sessions/repository.js';

/** Close codes of consoles ended by the server after they opened (the pages know 4401/4409/4502 too). */
export const END = {
  /** The sign-in session ended, or the instance left the state a console may show it in. */
  revoked: 4403,
  /** Over the cap of open consoles per customer or per instance. */
  tooMany: 4429,
} as const;

/** One console socket open in this process. */
export interface OpenConsole {
  /** Its row in open_consoles, which every replica counts. */
  rowId?: number;
  socket: WebSocket;
  userId: number;
  instanceId: number;
  /**
   * The sign-in session that asked for it (sessions.id_hash); null for tokens issued before
   * consoles were tied to a session.
   */
  sessionHash: Buffer | null;
}

/**
 * The console sockets this process serves, each also a row of open_consoles so that the caps count
 * the consoles of every replica. Each is re-checked every CONSOLE_RECHECK_SECONDS (its
 * session still signed in, its instance still the customer's and available, not suspended) and
 * closed when that no longer holds; sign-out, a password reset and a destroy ask for the check at
 * once. The re-check reads PostgreSQL, so a session ended on another replica closes the console here
 * within one period.
 */
export class ConsoleRegistry {
  readonly #open = new Set<OpenConsole>();
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;

  constructor(private readonly ctx: Context) {}

  /** How many console sockets this process serves now. */
  get size(): number {
    return this.#open.size;
  }

  /** How many consoles a customer, and one of their instances, has open on any replica. */
  count(
    userId: number,
    instanceId: number,
    db: Queryable = this.ctx.db,
  ): Promise<{ customer: number; instance: number }> {
    return openConsoleRows.count(db, userId, instanceId, staleAfter(this.ctx));
  }

  /** Whether a customer or the instance is at a cap of open consoles. */
  async atCap(userId: number, instanceId: number, db: Queryable = this.ctx.db): Promise<boolean> {
    const n = await this.count(userId, instanceId, db);
    const cfg = this.ctx.config;
    return n.customer >= cfg.CONSOLE_MAX_PER_CUSTOMER || n.instance >= cfg.CONSOLE_MAX_PER_INSTANCE;
  }

  /**
   * Adds a console unless that puts its customer or instance over the caps, counted across
   * replicas under a per-customer lock so that two sockets opened at once cannot both take the last
   * place; removed when its socket closes.
   */
  async add(c: OpenConsole): Promise<boolean> {
    const rowId = await withTx(this.ctx.db, async (tx) => {
      await openConsoleRows.lockCustomer(tx, c.userId);
      if (await this.atCap(c.userId, c.instanceId, tx)) return null;
      return openConsoleRows.insert(tx, c.userId, c.instanceId);
    });
    if (rowId === null) return false;
    c.rowId = rowId;
    this.#open.add(c);
    c.socket.once('close', () => this.#remove(c));
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.recheck(), this.ctx.config.CONSOLE_RECHECK_SECONDS * 1000);
      this.#timer.unref();
    }
    // Closed while the row was written: its 'close' came before the listener.
    if (c.socket.readyState === WebSocket.CLOSING || c.socket.readyState === WebSocket.CLOSED) this.#remove(c);
    return true;
  }

  #remove(c: OpenConsole): void {
    if (!this.#open.delete(c)) return;
    if (c.rowId !== undefined) {
      openConsoleRows
        .remove(this.ctx.db, c.rowId)
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'forgetting a closed console failed'));
    }
    if (this.#open.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  /** Closes at once every console of an instance (it is being destroyed). */
  closeInstance(instanceId: number): void {
    for (const c of this.#open) if (c.instanceId === instanceId) this.#end(c);
  }

  #end(c: OpenConsole): void {
    this.#remove(c);
    closeSocket(c.socket, END.revoked, 'console session ended');
  }

  /** Re-checks every open console now (one pass at a time; a call during a pass waits for it). */
  recheck(): Promise<void> {
    this.#checking ??= this.#pass().finally(() => (this.#checking = undefined));
    return this.#checking;
  }

  async #pass(): Promise<void> {
    const kept: number[] = [];
    for (const c of [...this.#open]) {
      try {
        if (!(await this.#allowed(c))) this.#end(c);
        else if (c.rowId !== undefined) kept.push(c.rowId);
      } catch (err) {
        // The database could not be asked: keep the console and look again next period.
        this.ctx.log.warn({ err, instanceId: c.instanceId }, 'console re-check failed');
        if (c.rowId !== undefined) kept.push(c.rowId);
      }
    }
    // Still open here: they keep counting on every replica.
    if (kept.length > 0) {
      await openConsoleRows
        .touch(this.ctx.db, kept)
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'refreshing open consoles failed'));
    }
  }

  async #allowed(c: OpenConsole): Promise<boolean> {
    if (c.sessionHash) {
      if (!(await sessions.isLive(this.ctx.db, c.sessionHash, c.userId))) return false;
    }
    // As consoleTarget admits it: still the customer's, available, not suspended, with its VM.
    const row = await instances.owned(this.ctx.db, c.userId, c.instanceId);
    if (!row) return false;
    try {
      assertActionable(row, ['available']);
      return true;
    } catch {
      return false;
    }
  }
}

/** A row not refreshed for this long belongs to a replica that is gone. */
const staleAfter = (ctx: Context) => ctx.config.CONSOLE_RECHECK_SECONDS * 3 + 5;

const registries = new WeakMap<Context, ConsoleRegistry>();

/** The console registry of an app's context. */
export function openConsoles(ctx: Context): ConsoleRegistry {
  let r = registries.get(ctx);
  if (!r) registries.set(ctx, (r = new ConsoleRegistry(ctx)));
  return r;
}

/** After sessions ended (sign-out, password reset): their consoles close now, not at the next period. */
export function recheckConsoles(ctx: Context): void {
  void openConsoles(ctx).recheck();
}
