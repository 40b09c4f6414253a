import type { BudgetRow } from '@pdbscope/shared/api';

/** The overview's numbers under one name for both kinds (a PUB says "available" where a PDB says "healthy"). */
export interface BudgetNumbers {
  expected: number;
  desired: number;
  current: number;
  allowed: number;
}

export function budgetNumbers(row: BudgetRow): BudgetNumbers {
  if (row.kind === 'PodDisruptionBudget') {
    return {
      expected: row.expectedPods,
      desired: row.desiredHealthy,
      current: row.currentHealthy,
      allowed: row.disruptionsAllowed,
    };
  }
  return {
    expected: row.totalReplicas,
    desired: row.desiredAvailable,
    current: row.currentAvailable,
    allowed: row.unavailableAllowed,
  };
}

export function shortKind(kind: string): string {
  if (kind === 'PodDisruptionBudget') return 'PDB';
  if (kind === 'PodUnavailableBudget') return 'PUB';
  return kind;
}

/** `minAvailable` / `maxUnavailable` as one cell: "min 2", "max 25%", or "—" when neither is set. */
export function budgetRule(row: Pick<BudgetRow, 'minAvailable' | 'maxUnavailable'>): string {
  const parts: string[] = [];
  if (row.minAvailable !== undefined) parts.push(`min ${row.minAvailable}`);
  if (row.maxUnavailable !== undefined) parts.push(`max ${row.maxUnavailable}`);
  return parts.length === 0 ? '—' : parts.join(', ');
}

export function evictionPolicy(row: BudgetRow): string {
  if (row.kind === 'PodDisruptionBudget')
    return row.unhealthyPodEvictionPolicy ?? 'IfHealthyBudget';
  return '—';
}

/** The bar's numbers: available, expected, disrupted, and the desired-healthy line. */
export function healthOf(row: BudgetRow): {
  healthy: number;
  expected: number;
  disrupted: number;
  desired: number;
} {
  const n = budgetNumbers(row);
  return {
    healthy: n.current,
    expected: n.expected,
    disrupted: row.disruptedPods ?? 0,
    desired: n.desired,
  };
}
