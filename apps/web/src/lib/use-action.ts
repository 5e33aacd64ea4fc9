import { useCallback, useEffect, useRef, useState } from 'react';

export interface Callbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: unknown) => void;
}

/**
 * A request a form sends, with its pending state: what the public pages need of TanStack Query's
 * useMutation without loading it before /login is usable. `mutate` reports through callbacks,
 * `mutateAsync` returns the promise; `onSuccess` of the hook runs first, as useMutation's does.
 */
export function useAction<V, T>(fn: (variables: V) => Promise<T>, options: { onSuccess?: (data: T) => void } = {}) {
  const [isPending, setPending] = useState(false);
  const mounted = useRef(true);
  const latest = useRef({ fn, options });
  latest.current = { fn, options };
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(async (variables: V): Promise<T> => {
    setPending(true);
    try {
      const data = await latest.current.fn(variables);
      latest.current.options.onSuccess?.(data);
      return data;
    } finally {
      if (mounted.current) setPending(false);
    }
  }, []);

  const mutate = useCallback(
    (variables: V, callbacks: Callbacks<T> = {}) => {
      mutateAsync(variables).then(callbacks.onSuccess, (error: unknown) => callbacks.onError?.(error));
    },
    [mutateAsync],
  );

  return { mutate, mutateAsync, isPending };
}
