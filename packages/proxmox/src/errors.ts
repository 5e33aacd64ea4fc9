/** What went wrong, so callers can decide without parsing messages. */
export type ProxmoxErrorKind =
  | 'http' // Proxmox answered with a non-2xx status that is none of the below
  | 'validation' // 400 Parameter verification failed, see `errors`
  | 'auth' // 401
  | 'permission' // 403
  | 'lock' // can't lock file … got timeout, cfs-lock, tasks/active: Proxmox refused, safe to retry
  | 'vm-locked' // VM is locked (clone|backup|…): a task holds the VM, retry later
  | 'server' // 5xx other than lock errors
  | 'network' // the connection failed before or while talking to Proxmox
  | 'timeout' // no complete answer within the configured timeout
  | 'outcome-unknown' // a non-idempotent request may or may not have been executed
  | 'pinning' // the TLS certificate did not match the pinned fingerprint
  | 'tls'; // certificate verification failed (untrusted, expired, wrong name)

/** Fields every ProxmoxError carries; never the token, ticket or request body. */
export interface ProxmoxErrorInit {
  kind: ProxmoxErrorKind;
  method: string;
  path: string;
  status?: number;
  reason?: string;
  errors?: Record<string, string>;
  cause?: unknown;
  /** The connection never opened, so Proxmox cannot have seen the request. */
  notSent?: boolean;
}

/** A typed failure of one Proxmox API call. */
export class ProxmoxError extends Error {
  readonly kind: ProxmoxErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly reason: string;
  readonly errors: Record<string, string>;
  readonly notSent: boolean;

  constructor(init: ProxmoxErrorInit) {
    const reason = init.reason ?? init.kind;
    const status = init.status === undefined ? '' : ` ${init.status}`;
    const fields = init.errors
      ? ` (${Object.entries(init.errors)
          .map(([k, v]) => `${k}: ${v}`)
          .join('; ')})`
      : '';
    super(`${init.method} ${init.path}:${status} ${reason}${fields}`, { cause: init.cause });
    this.name = 'ProxmoxError';
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.reason = reason;
    this.errors = init.errors ?? {};
    this.notSent = init.notSent ?? false;
  }

  /** True for lock errors: Proxmox refused the call and a later retry may succeed. */
  get isLock(): boolean {
    return this.kind === 'lock' || this.kind === 'vm-locked';
  }
}

/**
 * A task-creating request failed after it may have reached Proxmox (timeout or dropped connection).
 * Re-sending could clone, back up or start twice, so callers must check Proxmox state
 * (tasks list, VM existence) before trying again.
 */
export class OutcomeUnknownError extends ProxmoxError {
  constructor(init: Omit<ProxmoxErrorInit, 'kind'>) {
    super({
      ...init,
      kind: 'outcome-unknown',
      reason: `outcome unknown, check Proxmox state before retrying: ${init.reason ?? ''}`,
    });
    this.name = 'OutcomeUnknownError';
  }
}

/** A Proxmox task ended with an exit status other than OK / WARNINGS. */
export class TaskFailedError extends Error {
  constructor(
    readonly upid: string,
    readonly exitstatus: string,
    readonly log: string[],
  ) {
    super(`task ${upid} failed: ${exitstatus}`);
    this.name = 'TaskFailedError';
  }
}

/** waitTask gave up before the task stopped; the task itself may still be running. */
export class TaskTimeoutError extends Error {
  constructor(
    readonly upid: string,
    readonly timeoutMs: number,
  ) {
    super(`task ${upid} still running after ${timeoutMs} ms`);
    this.name = 'TaskTimeoutError';
  }
}

const LOCK_PATTERNS = [
  /can't lock file/i,
  /got timeout/i,
  /cfs-lock/i,
  /got lock request timeout/i,
  /atomic file .*tasks\/active/i,
];

/** Classifies a Proxmox status + reason phrase into an error kind. */
export function classifyStatus(status: number, reason: string): ProxmoxErrorKind {
  if (LOCK_PATTERNS.some((re) => re.test(reason))) return 'lock';
  if (/VM is locked/i.test(reason)) return 'vm-locked';
  if (status === 400) return 'validation';
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status >= 500) return 'server';
  return 'http';
}
