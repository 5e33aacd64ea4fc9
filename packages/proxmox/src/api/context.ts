import type { HttpClient, CallSpec } from '../http-client.js';
import type { KeyedQueue } from '../keyed-queue.js';
import type { Limiter } from '../limiter.js';
import type { Logger } from '../logger.js';
import type { TasksApi, WaitOptions } from '../tasks.js';
import type { TaskResult } from '../types.js';
import { optStr } from '../decode.js';
import { ProxmoxError } from '../errors.js';

/** Everything the per-area APIs share. */
export interface ClientContext {
  http: HttpClient;
  tasks: TasksApi;
  /** Cluster name, part of the per-VM queue key so one queue can serve several clusters. */
  cluster: string;
  queue: KeyedQueue;
  limiter: Limiter;
  logger: Logger;
  waitDefaults: WaitOptions;
}

/** Per-call options of task-creating operations. */
export interface TaskOptions extends WaitOptions {
  /** Called with the UPID as soon as Proxmox accepted the task, e.g. to persist it before waiting. */
  onUpid?: (upid: string) => void;
}

/** What a task-creating operation locks: its VM and the node/storage slots it occupies. */
export interface TaskScope {
  node: string;
  vmid?: number;
  storage?: string;
}

/** Runs `fn` in the VM's queue (so writes to one VM never overlap), or directly without a VM. */
export function inVmQueue<T>(ctx: ClientContext, vmid: number | undefined, fn: () => Promise<T>): Promise<T> {
  return vmid === undefined ? fn() : ctx.queue.run(`${ctx.cluster}:${vmid}`, fn);
}

/**
 * Sends a task-creating call and waits for its task, holding the VM's queue slot and the
 * node/storage concurrency slots until the task has ended (the real work happens then, not during the POST).
 */
export function runTask(
  ctx: ClientContext,
  scope: TaskScope,
  spec: CallSpec,
  opts: TaskOptions = {},
): Promise<TaskResult> {
  const keys = [`node:${scope.node}`, ...(scope.storage === undefined ? [] : [`storage:${scope.storage}`])];
  return inVmQueue(ctx, scope.vmid, () =>
    ctx.limiter.run(keys, async () => {
      const data = await ctx.http.call({ ...spec, signal: opts.signal ?? spec.signal });
      // Async config returns null when the change finished within background_delay.
      if (data === null) return { upid: '', exitstatus: 'OK' };
      const upid = optStr(data);
      if (!upid)
        throw new ProxmoxError({ kind: 'http', method: spec.method, path: spec.path, reason: 'expected a UPID' });
      ctx.logger.info('proxmox task started', { node: scope.node, vmid: scope.vmid, upid });
      opts.onUpid?.(upid);
      const { intervalMs, maxIntervalMs, timeoutMs, signal } = { ...ctx.waitDefaults, ...opts };
      return ctx.tasks.wait(scope.node, upid, { intervalMs, maxIntervalMs, timeoutMs, signal });
    }),
  );
}

/** Sends a synchronous write inside the VM's queue. */
export function vmWrite(ctx: ClientContext, vmid: number, spec: CallSpec): Promise<unknown> {
  return inVmQueue(ctx, vmid, () => ctx.http.call(spec));
}
