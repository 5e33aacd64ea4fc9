import { lazy, Suspense, useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-error';

// The solver (altcha-lib) and its panel load only when the server asks (need_recaptcha): /login's
// first download has a budget (issue 6) and most visitors never see a challenge.
const HumanCheckPanel = /* @__PURE__ */ lazy(() => import('./human-check'));

/** Sends a request; sends it again with a solved challenge when the server answers need_recaptcha. */
export type HumanGuard = <T>(send: (captcha?: string) => Promise<T>) => Promise<T>;

/**
 * SPEC §8 `need_recaptcha` (issue 18): after repeated failures the server wants a solved
 * proof-of-work challenge with the request. `guard` fetches and solves one in the page (no third
 * party, WebCrypto on the main thread, so the CSP needs no worker) and sends the request again;
 * `progress` (0 to 1, null when idle) drives the panel meanwhile.
 */
export function useHumanCheck() {
  const [progress, setProgress] = useState<number | null>(null);
  const guard: HumanGuard = useCallback(async (send) => {
    try {
      return await send();
    } catch (error) {
      if (!isApiError(error) || error.code !== 'need_recaptcha') throw error;
      setProgress(0);
      try {
        const { solveCaptcha } = await import('./human-check');
        const captcha = await solveCaptcha(setProgress);
        if (!captcha) throw error;
        return await send(captcha);
      } finally {
        setProgress(null);
      }
    }
  }, []);
  return { progress, guard };
}

/** The "verifying you're human" panel while a challenge is being solved; nothing otherwise. */
export function HumanCheckStatus({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <Suspense fallback={null}>
      <HumanCheckPanel progress={progress} />
    </Suspense>
  );
}
