const counts = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** A count with thousands separators (`10,000`), the same whatever the browser's language. */
export function formatCount(n: number): string {
  return counts.format(n);
}
