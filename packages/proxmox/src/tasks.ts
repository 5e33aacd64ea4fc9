import { apiPath } from './encoding.js';
import { abortReason, sleep } from './backoff.js';
import { TaskFailedError, TaskTimeoutError } from './errors.js';
import { decodeTaskLog, decodeTaskStatus, decodeTaskSummary } from './decode-results.js';
import type { HttpClient } from './http-client.js';
import type { TaskLogLine, TaskResult, TaskStatus, TaskSummary } from './types.js';
import { arr } from './decode.js';
import { parseUpid } from './upid.js';

/** How waitTask polls. */
export interface WaitOptions {
  /** First poll interval; grows ×1.5 up to `maxIntervalMs`. Default 1000 ms. */
  intervalMs?: number;
  /** The longest poll interval; default 4× `intervalMs`. A finished task is seen at most this late. */
  maxIntervalMs?: number;
  /** Give up (TaskTimeoutError) after this long; default 30 min. The task keeps running. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Returns true for exit statuses Proxmox's GUI counts as success: `OK` and `WARNINGS: n`. */
export function isTaskSuccess(exitstatus: string | undefined): boolean {
  return exitstatus === 'OK' || /^WARNINGS: /.test(exitstatus ?? '');
}

/** Task status, log and wait. */
export class TasksApi {
  constructor(private readonly http: HttpClient) {}

  /** `GET /nodes/{node}/tasks/{upid}/status`. */
  async status(node: string, upid: string, signal?: AbortSignal): Promise<TaskStatus> {
    return decodeTaskStatus(
      await this.http.call({ method: 'GET', path: apiPath`/nodes/${node}/tasks/${upid}/status`, signal }),
    );
  }

  /** `GET /nodes/{node}/tasks/{upid}/log` (Proxmox's default limit is 50; we ask for 500). */
  async log(node: string, upid: string, opts: { start?: number; limit?: number } = {}): Promise<TaskLogLine[]> {
    const params = { start: opts.start ?? 0, limit: opts.limit ?? 500 };
    return decodeTaskLog(
      await this.http.call({ method: 'GET', path: apiPath`/nodes/${node}/tasks/${upid}/log`, params }),
    );
  }

  /**
   * `GET /nodes/{node}/tasks`: what ran recently, e.g. `{ vmid, typefilter: 'qmclone' }` to learn
   * whether a request that ended in OutcomeUnknownError did start a task after all.
   */
  async list(
    node: string,
    filter: {
      vmid?: number;
      typefilter?: string;
      since?: number;
      limit?: number;
      source?: 'archive' | 'active' | 'all';
    } = {},
  ): Promise<TaskSummary[]> {
    const data = await this.http.call({ method: 'GET', path: apiPath`/nodes/${node}/tasks`, params: filter });
    return arr(data).map(decodeTaskSummary);
  }

  /** `DELETE /nodes/{node}/tasks/{upid}`: asks Proxmox to stop a running task. */
  async stop(node: string, upid: string): Promise<void> {
    await this.http.call({ method: 'DELETE', path: apiPath`/nodes/${node}/tasks/${upid}` });
  }

  /**
   * Polls until the task stops. Resolves for OK / WARNINGS; throws TaskFailedError (with the log)
   * for anything else, TaskTimeoutError after `timeoutMs`, or the abort reason.
   * The node in the UPID wins over `node`, since only that node knows the task.
   */
  async wait(node: string, upid: string, opts: WaitOptions = {}): Promise<TaskResult> {
    const taskNode = parseUpid(upid)?.node ?? node;
    const interval = opts.intervalMs ?? 1000;
    const timeoutMs = opts.timeoutMs ?? 30 * 60_000;
    const deadline = Date.now() + timeoutMs;
    let delay = interval;
    for (;;) {
      if (opts.signal?.aborted) throw abortReason(opts.signal);
      const st = await this.status(taskNode, upid, opts.signal);
      if (st.status === 'stopped') return this.finish(taskNode, upid, st.exitstatus ?? '');
      const left = deadline - Date.now();
      if (left <= 0) throw new TaskTimeoutError(upid, timeoutMs);
      await sleep(Math.min(delay, left), opts.signal);
      delay = Math.min(delay * 1.5, opts.maxIntervalMs ?? interval * 4);
    }
  }

  private async finish(node: string, upid: string, exitstatus: string): Promise<TaskResult> {
    if (isTaskSuccess(exitstatus)) {
      const w = /^WARNINGS: (\d+)/.exec(exitstatus);
      return w ? { upid, exitstatus, warnings: Number(w[1]) } : { upid, exitstatus };
    }
    const log = await this.log(node, upid).then(
      (lines) => lines.map((l) => l.t),
      () => [] as string[],
    );
    throw new TaskFailedError(upid, exitstatus || 'unknown', log);
  }
}
