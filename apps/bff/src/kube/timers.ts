/** Time and delays, injected so that tests drive them instead of sleeping. */
export interface Timers {
  now(): Date;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => new Date(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Exponential backoff: initial, doubling, capped; the attempt count resets when a source is live again. */
export function backoffDelay(
  attempt: number,
  options: { initialMs: number; maxMs: number },
): number {
  return Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 20));
}
