import type WebSocket from 'ws';
import type { Context } from '../../lib/context.js';
import { assertActionable } from '../instances/actions.js';
import { instances } from '../instances/repository.js';
import { closeSocket } from './pipe.js';

/** Close codes of consoles ended by the server after they opened (the pages know 4401/4409/4502 too). */
export const END = {
  /** The sign-in session ended, or the instance left the state a console may show it in. */
  revoked: 4403,
  /** Over the cap of open consoles per customer or per instance. */
  tooMany: 4429,
} as const;

/** One console socket open in this process. */
export interface OpenConsole {
  socket: WebSocket;
  userId: number;
  instanceId: number;
  /** The sign-in session that asked for it (sessions.id_hash); null for tokens issued before issue 18. */
  sessionHash: Buffer | null;
}

/**
 * The console sockets this process serves. Each is re-checked every CONSOLE_RECHECK_SECONDS (its
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

  /** How many consoles a customer, and one of their instances, has open here. */
  count(userId: number, instanceId: number): { customer: number; instance: number } {
    let customer = 0;
    let instance = 0;
    for (const c of this.#open) {
      if (c.userId !== userId) continue;
      customer++;
      if (c.instanceId === instanceId) instance++;
    }
    return { customer, instance };
  }

  /** Adds a console unless that puts its customer or instance over the caps; removed when its socket closes. */
  add(c: OpenConsole): boolean {
    const n = this.count(c.userId, c.instanceId);
    const cfg = this.ctx.config;
    if (n.customer >= cfg.CONSOLE_MAX_PER_CUSTOMER || n.instance >= cfg.CONSOLE_MAX_PER_INSTANCE) return false;
    this.#open.add(c);
    c.socket.once('close', () => this.#remove(c));
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.recheck(), this.ctx.config.CONSOLE_RECHECK_SECONDS * 1000);
      this.#timer.unref();
    }
    return true;
  }

  #remove(c: OpenConsole): void {
    this.#open.delete(c);
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
    for (const c of [...this.#open]) {
      try {
        if (!(await this.#allowed(c))) this.#end(c);
      } catch (err) {
        // The database could not be asked: keep the console and look again next period.
        this.ctx.log.warn({ err, instanceId: c.instanceId }, 'console re-check failed');
      }
    }
  }

  async #allowed(c: OpenConsole): Promise<boolean> {
    if (c.sessionHash) {
      const { rowCount } = await this.ctx.db.query(
        'select 1 from sessions where id_hash = $1 and user_id = $2 and expire_at > now()',
        [c.sessionHash, c.userId],
      );
      if (!rowCount) return false;
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
