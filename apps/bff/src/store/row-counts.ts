import type { BudgetRow, BudgetSummary } from '@pdbscope/shared/api';

/** The summary's counts that come from the rows alone. */
export type RowCounts = Pick<
  BudgetSummary,
  'budgets' | 'blocking' | 'overlapping' | 'withFindings' | 'stale' | 'mismatched'
>;

export function noRowCounts(): RowCounts {
  return { budgets: 0, blocking: 0, overlapping: 0, withFindings: 0, stale: 0, mismatched: 0 };
}

/**
 * Counts a row in (`sign` 1) or out (-1): kept as rows change, so every row event can say what
 * the summary is after it without a pass over every budget.
 */
export function countRow(counts: RowCounts, row: BudgetRow | undefined, sign: 1 | -1): void {
  if (row === undefined) return;
  const { flags } = row;
  counts.budgets += sign;
  if (flags.blocking) counts.blocking += sign;
  if (flags.overlap) counts.overlapping += sign;
  if (flags.findings > 0) counts.withFindings += sign;
  if (flags.stale) counts.stale += sign;
  if (flags.mismatch) counts.mismatched += sign;
}
