import type http from 'node:http';
import { TokenAuth, type ApiToken } from './auth.js';
import { DEFAULT_RETRY, type RetryOptions } from './backoff.js';
import { HttpClient, type CallObserver, type CallSpec } from './http-client.js';
import { KeyedQueue } from './keyed-queue.js';
import { ConcurrencyLimiter, type Limiter } from './limiter.js';
import { silentLogger, type Logger } from './logger.js';
import { TasksApi, type WaitOptions } from './tasks.js';
import { createAgent, type TlsOptions } from './tls-pinning.js';
import { ConsoleSession } from './console-session.js';
import type { ClientContext } from './api/context.js';
import { QemuApi } from './api/qemu.js';
import { AgentApi } from './api/agent.js';
import { FirewallApi } from './api/firewall.js';
import { SnapshotsApi } from './api/snapshots.js';
import { BackupsApi } from './api/backups.js';
import { ClusterApi } from './api/cluster.js';
import type { TaskResult } from './types.js';

/** Settings of one Proxmox cluster connection. */
export interface ProxmoxClientOptions {
  /** `https://host:8006` (a trailing `/api2/json` is accepted). */
  baseUrl: string;
  /** `USER@REALM!TOKENID=SECRET` or its parts. */
  token: string | ApiToken;
  /** Names the cluster in per-VM queue keys; defaults to the URL's host. */
  cluster?: string;
  tls?: TlsOptions;
  /** Per-call limit for connect + complete response; default 30 s. */
  timeoutMs?: number;
  /** Limit for opening the connection; default 5 s. */
  connectTimeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** Concurrent task-creating operations per node (default 4) and per storage (default 2). */
  limits?: { perNode?: number; perStorage?: number };
  /** Share these between clients of the same cluster so the guarantees hold process-wide. */
  queue?: KeyedQueue;
  limiter?: Limiter;
  /** Defaults for waiting on tasks. */
  wait?: WaitOptions;
  logger?: Logger;
  /** Jitter source, for deterministic tests. */
  random?: () => number;
  /** Told of every API call once it ended (retries included), for metrics. */
  onCall?: CallObserver;
}

/** A typed Proxmox VE client for one cluster, authenticated with an API token. */
export class ProxmoxClient {
  readonly qemu: QemuApi;
  readonly agent: AgentApi;
  readonly firewall: FirewallApi;
  readonly snapshots: SnapshotsApi;
  readonly backups: BackupsApi;
  readonly cluster: ClusterApi;
  readonly tasks: TasksApi;
  readonly queue: KeyedQueue;
  readonly limiter: Limiter;
  private readonly http: HttpClient;
  private readonly httpAgent: http.Agent;
  private readonly freshAgent: http.Agent;
  private readonly baseUrl: string;
  // Everything but the token, so a dump of the client cannot leak it.
  private readonly opts: Omit<ProxmoxClientOptions, 'token'>;

  constructor(options: ProxmoxClientOptions) {
    const { token, ...opts } = options;
    this.opts = opts;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '').replace(/\/api2\/json$/, '');
    this.httpAgent = createAgent(this.baseUrl, opts.tls);
    this.freshAgent = createAgent(this.baseUrl, opts.tls, false);
    this.http = new HttpClient({
      baseUrl: this.baseUrl,
      agent: this.httpAgent,
      freshAgent: this.freshAgent,
      auth: new TokenAuth(token),
      logger: opts.logger ?? silentLogger,
      timeoutMs: opts.timeoutMs ?? 30_000,
      connectTimeoutMs: opts.connectTimeoutMs ?? 5_000,
      retry: { ...DEFAULT_RETRY, ...opts.retry },
      random: opts.random,
      onCall: opts.onCall,
    });
    this.tasks = new TasksApi(this.http);
    this.queue = opts.queue ?? new KeyedQueue();
    this.limiter =
      opts.limiter ??
      new ConcurrencyLimiter({ node: opts.limits?.perNode ?? 4, storage: opts.limits?.perStorage ?? 2 });
    const ctx: ClientContext = {
      http: this.http,
      tasks: this.tasks,
      cluster: opts.cluster ?? new URL(this.baseUrl).host,
      queue: this.queue,
      limiter: this.limiter,
      logger: opts.logger ?? silentLogger,
      waitDefaults: opts.wait ?? {},
    };
    this.qemu = new QemuApi(ctx);
    this.agent = new AgentApi(ctx);
    this.firewall = new FirewallApi(ctx);
    this.snapshots = new SnapshotsApi(ctx);
    this.backups = new BackupsApi(ctx);
    this.cluster = new ClusterApi(ctx);
  }

  /** Waits for a task; see TasksApi.wait. */
  waitTask(node: string, upid: string, opts: WaitOptions = {}): Promise<TaskResult> {
    return this.tasks.wait(node, upid, { ...this.opts.wait, ...opts });
  }

  /** Escape hatch for endpoints without a typed method; returns the raw `data`. */
  request(spec: CallSpec): Promise<unknown> {
    return this.http.call(spec);
  }

  /** Logs in a console user (ticket auth) on the same host and TLS settings. */
  openConsoleSession(
    username: string,
    password: string,
    opts: { renewAfterMs?: number } = {},
  ): Promise<ConsoleSession> {
    return ConsoleSession.login({
      baseUrl: this.baseUrl,
      username,
      password,
      tls: this.opts.tls,
      timeoutMs: this.opts.timeoutMs,
      logger: this.opts.logger,
      ...opts,
    });
  }

  /** Closes pooled keep-alive connections. */
  close(): void {
    this.httpAgent.destroy();
    this.freshAgent.destroy();
  }
}
