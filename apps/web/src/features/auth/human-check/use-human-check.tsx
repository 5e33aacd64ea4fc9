import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ApiError } from '../../../lib/api-error';
import type * as HumanCheck from './human-check';

/** Sends a request; sends it again with a solved challenge when the server answers need_recaptcha. */
export type HumanGuard = <T>(send: (captcha?: string) => Promise<T>) => Promise<T>;

/**
 * The solver and its panel (./human-check), loaded only when the server asks: each form passes its
 * own `() => import('../human-check/human-check')`, so the import sits in the page's chunk, which
 * already maps its lazy imports, not in this shared one (/login's first download has a budget).
 */
export type LoadHumanCheck = () => Promise<typeof HumanCheck>;

/**
 * `need_recaptcha` (docs/product/accounts.md#throttles-and-the-human-check-captcha): after
 * repeated failures the server wants a solved proof-of-work challenge with the request. `guard`
 * fetches and solves one in the page (no third party, WebCrypto on the main thread, so the CSP needs
 * no worker) and sends the request again; `status` is the "verifying you're human" panel meanwhile,
 * with its progress, and null otherwise.
 */
export function useHumanCheck(load: LoadHumanCheck): { guard: HumanGuard; status: ReactNode } {
  const [Panel] = useState(() => lazy(load));
  const [progress, setProgress] = useState<number | null>(null);
  // A new function each render is fine: useAction calls the latest one it was given.
  const guard: HumanGuard = async (send) => {
    try {
      return await send();
    } catch (error) {
      // Only an ApiError carries a code.
      if ((error as Partial<ApiError> | null)?.code !== 'need_recaptcha') throw error;
      setProgress(0);
      try {
        const captcha = await (await load()).solveCaptcha(setProgress);
        if (!captcha) throw error;
        return await send(captcha);
      } finally {
        setProgress(null);
      }
    }
  };
  const status =
    progress === null ? null : (
      <Suspense fallback={null}>
        <Panel progress={progress} />
      </Suspense>
    );
  return { guard, status };
}
