/** A Proxmox worker task, addressed by its UPID. */
export interface Task {
  upid: string;
  node: string;
  pid: number;
  pstart: number;
  starttime: number;
  type: string;
  id: string;
  user: string;
  status: 'running' | 'stopped';
  exitstatus?: string;
  endtime?: number;
  /** The VM the task works on, and its start and end in milliseconds (for measuring callers). */
  vmid?: number;
  startedMs: number;
  endedMs?: number;
  log: string[];
  timer?: NodeJS.Timeout;
  /** Always runs when the task ends (success, failure or stop), e.g. to release a VM lock. */
  cleanup?: () => void;
  onFail?: () => void;
}

/** How to run a task: its identity, realistic duration and work done when it completes. */
export interface TaskSpec {
  node: string;
  type: string;
  id: string;
  user: string;
  seconds: number;
  lines?: string[];
  /** Work applied when the task completes; a thrown Error becomes the task's exitstatus. */
  run?: () => string[] | void;
  cleanup?: () => void;
  /** Runs when the task ends with an error, e.g. to remove a half-created VM. */
  onFail?: () => void;
  /** Injected failure message ('task-fail' fault). */
  fail?: string;
  /** Tasks like vncproxy stay running until something ends them. */
  open?: boolean;
  /** The VM the task works on. */
  vmid?: number;
}

const hex8 = (n: number): string => n.toString(16).toUpperCase().padStart(8, '0');

/** Holds every task of the cluster and drives their timers. */
export class TaskStore {
  readonly tasks = new Map<string, Task>();
  private nextPid = 0x1a2b3;
  /** Called after any task ended (its work applied), e.g. to save the cluster's state. */
  onEnd: (() => void) | undefined;

  constructor(private readonly speed: number) {}

  /** Starts a task and returns its UPID in Proxmox's format. */
  start(spec: TaskSpec): string {
    const pid = this.nextPid++;
    const starttime = Math.floor(Date.now() / 1000);
    const pstart = 0x0f00a1b2 + pid;
    const upid = `UPID:${spec.node}:${hex8(pid)}:${hex8(pstart)}:${hex8(starttime)}:${spec.type}:${spec.id}:${spec.user}:`;
    const task: Task = {
      upid,
      node: spec.node,
      pid,
      pstart,
      starttime,
      type: spec.type,
      id: spec.id,
      user: spec.user,
      status: 'running',
      vmid: spec.vmid,
      startedMs: Date.now(),
      log: [...(spec.lines ?? [])],
      cleanup: spec.cleanup,
      onFail: spec.onFail,
    };
    this.tasks.set(upid, task);
    if (!spec.open) {
      task.timer = setTimeout(() => this.complete(task, spec), Math.max(0, spec.seconds * this.speed * 1000));
    }
    return upid;
  }

  private complete(task: Task, spec: TaskSpec): void {
    if (task.status !== 'running') return;
    if (spec.fail !== undefined) return this.finish(task, spec.fail);
    try {
      const lines = spec.run?.();
      if (lines) task.log.push(...lines);
      this.finish(task, 'OK');
    } catch (err) {
      this.finish(task, err instanceof Error ? err.message.trimEnd() : String(err));
    }
  }

  /** Ends a task with the given exitstatus ('OK' or an error text) and writes the closing log line. */
  finish(task: Task, exitstatus: string): void {
    if (task.status !== 'running') return;
    if (task.timer) clearTimeout(task.timer);
    task.status = 'stopped';
    task.exitstatus = exitstatus;
    task.endtime = Math.floor(Date.now() / 1000);
    task.endedMs = Date.now();
    task.log.push(exitstatus === 'OK' ? 'TASK OK' : `TASK ERROR: ${exitstatus}`);
    task.cleanup?.();
    if (exitstatus !== 'OK') task.onFail?.();
    this.onEnd?.();
  }

  /** Stops every timer, e.g. when the emulator closes. */
  stopAll(): void {
    for (const task of this.tasks.values()) if (task.timer) clearTimeout(task.timer);
  }
}
