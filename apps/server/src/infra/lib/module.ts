import fp from 'fastify-plugin';
import type { Jobs, QueueSpec } from '../jobs/jobs.js';
import type { TaskRunner } from '../tasks/runner.js';
import type { Api } from './api.js';
import type { Context } from './context.js';

/** What a module's setup may rely on: the CLI has no mailer, Proxmox clients or job queue of its own. */
export type SetupContext = Pick<Context, 'config' | 'db'> & Partial<Pick<Context, 'jobs'>>;

/**
 * Everything a domain adds to the processes, declared in one place (its `manifest.ts`) and listed
 * once in `src/modules.ts`: the app, the workers, the admin CLI and the test harness loop over that
 * list, so adding a module touches its folder and the list. See docs/architecture.md.
 */
export interface ModuleManifest {
  /** The module's name; its routes are the Fastify plugin `nimbus:<name>`. */
  name: string;
  /**
   * Modules whose plugins this one's routes rely on (a guard they install, a hook they register):
   * Fastify refuses to start when one of them is missing or comes later in the list.
   */
  dependencies?: readonly string[];
  /** Once per process, before any route or job: hooks on other modules' events, settings. */
  setup?(ctx: SetupContext): void | Promise<void>;
  /** Hooks on the whole app, before any route (the staff API's token check). */
  app?(app: Api, ctx: Context): void;
  /** The module's API routes, under /api, each group with its OpenAPI tag and session rule. */
  routes?(api: Api, ctx: Context): Promise<void>;
  /** Pages outside /api (the sandbox gateway's payment page). */
  pages?(app: Api, ctx: Context): Promise<void>;
  /** Handlers of the instance tasks it owns, on processes that run tasks. */
  tasks?(runner: TaskRunner, ctx: Context): void;
  /** Its job queues (scheduled with `cron`, or sent by its code). */
  queues?(ctx: Context): QueueSpec[];
  /** Timers started on worker processes; answers how to stop them. */
  schedule?(ctx: Context, jobs: Jobs): () => void;
}

export const defineModule = (m: ModuleManifest): ModuleManifest => m;

const pluginName = (module: string) => `nimbus:${module}`;

/**
 * A module's routes as a named Fastify plugin with its declared dependencies. It does not open a
 * scope of its own (its route groups do), so that later modules' plugins see its name.
 */
export function modulePlugin(m: ModuleManifest, ctx: Context) {
  return fp(
    async (api: Api) => {
      await m.routes?.(api, ctx);
    },
    { name: pluginName(m.name), dependencies: (m.dependencies ?? []).map(pluginName), fastify: '5.x' },
  );
}
