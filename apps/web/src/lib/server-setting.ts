import { useEffect, useState } from 'react';

/**
 * A read of something the server's configuration fixes while it runs (the logins offered, the
 * public settings): asked once per page load, and asked again after a failure.
 */
export function askOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let asked: Promise<T> | undefined;
  return () => {
    asked ??= read().catch((error: unknown) => {
      asked = undefined;
      throw error;
    });
    return asked;
  };
}

/**
 * Such a read for the public pages, which load without TanStack Query: `fallback` until it arrives,
 * and when it cannot be read (what it adds is an extra; the page works without it).
 */
export function useServerSetting<T>(ask: () => Promise<T>, fallback: T): T {
  const [value, setValue] = useState<T>(fallback);
  useEffect(() => {
    let live = true;
    ask().then(
      (v) => live && setValue(() => v),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ask]);
  return value;
}
