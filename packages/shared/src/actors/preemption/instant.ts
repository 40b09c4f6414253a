/**
 * A `metav1.Time` at the nanosecond precision the API writes (`…T00:00:00.000000005Z`): whole
 * seconds since the epoch and the nanoseconds within. A Date keeps milliseconds only, so two pods
 * that started 1 ns apart would tie; the scheduler orders them.
 */
export interface Instant {
  seconds: number;
  nanos: number;
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

/** RFC3339 with up to nine fractional digits; undefined when the text is not one. */
export function parseInstant(text: string): Instant | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1] ?? ''}${(m[3] ?? 'Z').toUpperCase()}`);
  if (Number.isNaN(ms)) return undefined;
  return { seconds: Math.floor(ms / 1000), nanos: Number((m[2] ?? '').padEnd(9, '0')) };
}

/** Negative when `a` is earlier, positive when later, 0 when the same nanosecond. */
export function compareInstants(a: Instant, b: Instant): number {
  return a.seconds - b.seconds || a.nanos - b.nanos;
}
