import type { Context } from '../../infra/lib/context.js';
import type { InstanceRow } from './repository.js';

/** Runs when a destroy was asked for, before the task removes the VM (its consoles close then). */
export type DestroyStartedHook = (ctx: Context, instanceId: number) => void;
/** Runs inside the destroy task once the VM is gone, retried with it (its backups are removed then). */
export type VmRemovedHook = (ctx: Context, instance: InstanceRow) => Promise<void>;

const startedHooks = new Set<DestroyStartedHook>();
const removedHooks = new Set<VmRemovedHook>();

/**
 * What other domains do when an instance is destroyed: consoles close, backups go. Hooks are
 * registered by each process that destroys (src/hooks.ts); a Set keeps a hook registered twice
 * (several apps in one test process) from running twice.
 */
export const instanceEvents = {
  onDestroyStarted(hook: DestroyStartedHook): void {
    startedHooks.add(hook);
  },
  onVmRemoved(hook: VmRemovedHook): void {
    removedHooks.add(hook);
  },
  destroyStarted(ctx: Context, instanceId: number): void {
    for (const hook of startedHooks) hook(ctx, instanceId);
  },
  /** Each hook in turn; the destroy task retries each like its other steps. */
  get vmRemovedHooks(): readonly VmRemovedHook[] {
    return [...removedHooks];
  },
};
