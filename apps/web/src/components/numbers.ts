const counts = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** A count with thousands separators (`10,000`), the same whatever the browser's language. */
export function formatCount(n: number): string {
  return counts.format(n);
}

/** `1 pod`, `1,200 pods`: a count and its noun, singular for exactly one. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
