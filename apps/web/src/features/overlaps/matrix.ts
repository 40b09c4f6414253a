import type { BudgetRef, Overlap } from '@pdbscope/shared/api';

export type Cell = 'live' | 'potential';

export interface OverlapMatrix {
  budgets: BudgetRef[];
  /** `i,j` → the strongest overlap between budgets i and j (live beats potential). */
  cells: ReadonlyMap<string, Cell>;
  /** Budgets left out because the picture would be unreadable. */
  omitted: number;
}

function key(ref: BudgetRef): string {
  return `${ref.kind}/${ref.namespace}/${ref.name}`;
}

/**
 * Which budgets overlap which, as a symmetric matrix. Budgets with the most overlaps come first,
 * and at most `limit` are drawn.
 */
export function overlapMatrix(overlaps: readonly Overlap[], limit: number): OverlapMatrix {
  const degree = new Map<string, { ref: BudgetRef; count: number }>();
  for (const overlap of overlaps) {
    for (const ref of overlap.budgets) {
      const entry = degree.get(key(ref)) ?? { ref, count: 0 };
      entry.count += overlap.budgets.length - 1;
      degree.set(key(ref), entry);
    }
  }
  const ranked = [...degree.values()].sort(
    (a, b) => b.count - a.count || key(a.ref).localeCompare(key(b.ref)),
  );
  const budgets = ranked.slice(0, limit).map((entry) => entry.ref);
  const index = new Map(budgets.map((ref, i) => [key(ref), i]));
  const cells = new Map<string, Cell>();
  for (const overlap of overlaps) {
    for (const a of overlap.budgets) {
      for (const b of overlap.budgets) {
        const i = index.get(key(a));
        const j = index.get(key(b));
        if (i === undefined || j === undefined || i === j) continue;
        const cellKey = `${i},${j}`;
        if (cells.get(cellKey) !== 'live') cells.set(cellKey, overlap.kind);
      }
    }
  }
  return { budgets, cells, omitted: ranked.length - budgets.length };
}
