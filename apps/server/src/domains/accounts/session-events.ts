import type { Context } from '../../infra/lib/context.js';

/** Runs after sign-in sessions ended (sign-out, password change or reset). */
export type SessionsEndedHook = (ctx: Context) => void;

const endedHooks = new Set<SessionsEndedHook>();

/**
 * What other domains do when sessions end: the consoles they opened close now, not at the next
 * period. Hooks are registered when the app is built (src/hooks.ts); a Set keeps a hook registered
 * twice from running twice.
 */
export const sessionEvents = {
  onEnded(hook: SessionsEndedHook): void {
    endedHooks.add(hook);
  },
  ended(ctx: Context): void {
    for (const hook of endedHooks) hook(ctx);
  },
};
