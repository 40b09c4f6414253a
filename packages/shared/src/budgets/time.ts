/** `metav1.Time` as serialised: RFC3339 with second precision, UTC. */
export function rfc3339(at: Date): string {
  return new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Milliseconds of an RFC3339 time; an unreadable time reads as Go's zero time (long past). */
export function timeMs(text: string): number {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}
