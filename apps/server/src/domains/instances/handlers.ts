import type { Context } from '../../infra/lib/context.js';
import type { TaskRunner } from '../../infra/tasks/runner.js';
import { destroyHandler } from './destroy.js';
import { powerHandler } from './power.js';
import { recreateHandler } from './recreate.js';
import { networkHandler, passwordHandler } from './settings.js';
import { upgradeHandler } from './upgrade-task.js';

/** Registers the task handler of every lifecycle action (see action-routes.ts). */
export function registerLifecycleHandlers(runner: TaskRunner, ctx: Context): void {
  for (const kind of ['start', 'stop', 'restart', 'pause', 'resume'] as const)
    runner.register(kind, powerHandler(ctx, kind));
  runner.register('destroy', destroyHandler(ctx));
  runner.register('recreate', recreateHandler(ctx));
  runner.register('upgrade', upgradeHandler(ctx));
  runner.register('password', passwordHandler(ctx));
  runner.register('network', networkHandler(ctx));
}
