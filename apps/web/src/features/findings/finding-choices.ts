import type { Finding } from '@pdbscope/shared/api';

/** A filter's choices: each value found in the findings, how many carry it, most first. */
export function choicesOf(
  findings: readonly Finding[],
  pick: (finding: Finding) => string,
): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const finding of findings) {
    const value = pick(finding);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}
