// What the bench:web parts share: medians, and waiting for a generated cluster to settle.

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * A generated cluster keeps moving for a while after the BFF is ready (pods turning Ready,
 * controllers writing statuses). Measure once the event stream has been quiet for 5 s.
 */
export async function settle(url: string, quietMs = 5000, limitMs = 180_000): Promise<number> {
  const start = Date.now();
  let last = '';
  let since = Date.now();
  while (Date.now() - start < limitMs) {
    const { eventId } = (await (await fetch(`${url}/api/cluster`)).json()) as { eventId: string };
    if (eventId !== last) {
      last = eventId;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return Date.now() - start;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return Date.now() - start;
}
