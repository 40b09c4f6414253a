/** Exponential backoff: initial, doubling, capped; the attempt count resets when a source is live again. */
export function backoffDelay(
  attempt: number,
  options: { initialMs: number; maxMs: number },
): number {
  return Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 20));
}
