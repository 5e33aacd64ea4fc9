import { TaskBody, TaskQuery, TaskResult } from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { instances } from './repository.js';
import { authOf } from '../../infra/http/session.js';
import { tasks } from '../../infra/tasks/repository.js';

async function taskOf(ctx: Context, userId: number, instanceId: number, taskId: number): Promise<TaskResult> {
  const task = await tasks.owned(ctx.db, userId, instanceId, taskId);
  if (!task) {
    // Another customer's or a missing instance is instance_not_exist; a task the
    // caller's instance never had is no record.
    if (!(await instances.owned(ctx.db, userId, instanceId))) throw instanceNotFound();
    throw new AppError('db_no_record', 404);
  }
  return { Status: task.status, Step: task.step };
}

/**
 * A task of one of the caller's instances, polled while it runs (deploy 200 ms, reinstall 250 ms;
 * docs/product/instances.md#tasks).
 */
export async function taskRoutes(app: Api, ctx: Context) {
  const description =
    'Status: 0 pending, 1 running, 2 OK, 3 finished, 4 stopped, 5 error. Deploy steps: 0 queueing, 1 cloning, 2 configuring, 3 firewall, 4 starting, 5 error. Another customer’s or a missing instance is 404 `instance_not_exist`; an unknown task of the caller’s instance 404 `db_no_record`.';
  app.get(
    '/instance/task/get',
    {
      schema: { summary: 'A task of an instance', description, querystring: TaskQuery, response: replies(TaskResult) },
    },
    async (req) => ({ data: await taskOf(ctx, authOf(req).userId, req.query.id, req.query.taskId) }),
  );
  app.post(
    '/instance/task/get',
    {
      schema: {
        summary: 'A task of an instance (reinstall polling)',
        description,
        body: TaskBody,
        response: replies(TaskResult),
      },
    },
    async (req) => ({ data: await taskOf(ctx, authOf(req).userId, req.body.Id, req.body.TaskId) }),
  );
}
