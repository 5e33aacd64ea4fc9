import type { Task } from '../../state/tasks.js';
import { WithAttribs } from '../context.js';
import type { Ctx, Handler } from '../context.js';
import { fail } from '../errors.js';

function findTask(ctx: Ctx): Task {
  const upid = ctx.req('upid');
  if (!/^UPID:[^:]+:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:[^:]+:[^:]*:[^:]+:$/.test(upid)) {
    throw fail(`unable to parse worker upid '${upid}'`);
  }
  const task = ctx.cluster.tasks.tasks.get(upid);
  if (!task || task.node !== ctx.req('node')) throw fail('no such task');
  return task;
}

function row(t: Task): Record<string, unknown> {
  const out: Record<string, unknown> = {
    upid: t.upid,
    node: t.node,
    pid: t.pid,
    pstart: t.pstart,
    starttime: t.starttime,
    type: t.type,
    id: t.id,
    user: t.user,
    status: t.status,
  };
  if (t.status === 'stopped') out.exitstatus = t.exitstatus;
  return out;
}

/** Task status, log, list and stop. */
export const taskRoutes: Record<string, Handler> = {
  'GET /nodes/{node}/tasks/{upid}/status': (ctx) => row(findTask(ctx)),
  'GET /nodes/{node}/tasks/{upid}/log': (ctx) => {
    const task = findTask(ctx);
    const start = ctx.num('start') ?? 0;
    const limit = ctx.num('limit') ?? 50;
    const lines = task.log.slice(start, start + limit).map((t, i) => ({ n: start + i + 1, t }));
    return new WithAttribs(lines, { total: task.log.length });
  },
  'DELETE /nodes/{node}/tasks/{upid}': (ctx) => {
    const task = findTask(ctx);
    ctx.cluster.tasks.finish(task, 'interrupted by signal');
    return null;
  },
  'GET /nodes/{node}/tasks': (ctx) => {
    ctx.cluster.requireNode(ctx.req('node'));
    const vmid = ctx.str('vmid');
    const type = ctx.str('typefilter');
    const user = ctx.str('userfilter');
    const errors = ctx.bool('errors');
    const source = ctx.str('source') ?? 'archive';
    const list = [...ctx.cluster.tasks.tasks.values()]
      .filter((t) => t.node === ctx.req('node'))
      .filter((t) => source === 'all' || (source === 'active' ? t.status === 'running' : t.status === 'stopped'))
      .filter((t) => (!vmid || t.id === vmid) && (!type || t.type === type) && (!user || t.user.includes(user)))
      .filter((t) => !errors || (t.status === 'stopped' && t.exitstatus !== 'OK'))
      .sort((a, b) => b.starttime - a.starttime || b.pid - a.pid)
      .map((t) => ({ ...row(t), endtime: t.endtime, status: t.status === 'running' ? 'running' : t.exitstatus }));
    const start = ctx.num('start') ?? 0;
    return new WithAttribs(list.slice(start, start + (ctx.num('limit') ?? 50)), { total: list.length });
  },
};
