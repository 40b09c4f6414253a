// The last second written and its text: a plan or forecast writes the same `now` for every pod it
// evicts or replaces, tens of thousands of times.
let lastSecond = Number.NaN;
let lastText = '';

/** `metav1.Time` as serialised: RFC3339 with second precision, UTC. */
export function rfc3339(at: Date): string {
  const second = Math.floor(at.getTime() / 1000);
  if (second !== lastSecond) {
    lastText = new Date(second * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    lastSecond = second;
  }
  return lastText;
}

/** Milliseconds of an RFC3339 time; an unreadable time reads as Go's zero time (long past). */
export function timeMs(text: string): number {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}
