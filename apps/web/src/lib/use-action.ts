import { useEffect, useState } from 'react';

/** The callbacks of one `mutate` call: only the latest call's run, and only while the hook is mounted. */
export interface Callbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: unknown) => void;
}

/** A request that changes something, as `useAction` runs it. */
export interface Action<V, T> {
  /** Reports through callbacks; a failure is not thrown. */
  mutate: (variables: V, callbacks?: Callbacks<T>) => void;
  /** Resolves with the answer once the hook's `onSuccess` is over; rejects with the failure. */
  mutateAsync: (variables: V) => Promise<T>;
  /** Whether the latest call is under way. */
  isPending: boolean;
  /** The latest call's variables while it is under way. */
  variables: V | undefined;
}

/**
 * The one way the web app sends a request that changes something (a mutation), with its pending
 * state: what the app used of TanStack Query's mutation hook, without loading TanStack Query before
 * /login is usable (nothing here may import it: the /login budget, scripts/check-bundle.mjs).
 * `mutate` reports through callbacks, `mutateAsync` returns the promise. The hook's `onSuccess`
 * runs first, as TanStack's does, and a promise it returns is awaited: the action stays pending
 * until, e.g., the lists it changed are read again. What follows a failure as well (TanStack's
 * onError and onSettled) is part of `fn`: try/catch/finally around the request, with the caller's
 * own useQueryClient for what to read again. Nothing is retried.
 */
export function useAction<V = void, T = unknown>(
  fn: (variables: V) => Promise<T>,
  options: { onSuccess?: (data: T, variables: V) => unknown } = {},
): Action<V, T> {
  // The variables of the call under way, boxed so that `undefined` ones count too.
  const [pending, setPending] = useState<[V]>();
  // Made once, so `mutate` and `mutateAsync` keep their identity. `at` numbers the calls: only the
  // latest one ends the pending state and reports to `mutate`'s callbacks; an unmount moves it on.
  const [self] = useState(() => {
    const self = {
      fn,
      on: options,
      at: 0, // the latest call's number
      mutateAsync: async (variables: V): Promise<T> => {
        const call = ++self.at;
        setPending([variables]);
        try {
          const data = await self.fn(variables);
          await self.on.onSuccess?.(data, variables);
          return data;
        } finally {
          if (call === self.at) setPending(undefined);
        }
      },
      mutate: (variables: V, callbacks: Callbacks<T> = {}) => {
        const call = self.at + 1;
        self.mutateAsync(variables).then(
          (data) => call === self.at && callbacks.onSuccess?.(data),
          (error: unknown) => call === self.at && callbacks.onError?.(error),
        );
      },
    };
    return self;
  });
  self.fn = fn;
  self.on = options;
  useEffect(() => () => void self.at++, [self]);
  return { ...self, isPending: !!pending, variables: pending?.[0] };
}
