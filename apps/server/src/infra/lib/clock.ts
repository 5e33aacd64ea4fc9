/**
 * The time money rules go by (renewal dates, grace periods, commission holds). Production reads the
 * system clock; tests move it forward to walk a renewal cycle or a holding period without waiting.
 * Queries that depend on it take `clock.now()` as a parameter rather than SQL's now().
 */
let offsetMs = 0;

export const clock = {
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  /** Moves the clock forward (tests only). */
  advance(ms: number): void {
    offsetMs += ms;
  },
  /** Back to the system clock (tests only). */
  reset(): void {
    offsetMs = 0;
  },
};
