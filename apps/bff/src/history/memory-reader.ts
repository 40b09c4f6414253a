import type { Clock } from '@pdbscope/shared/clock';
import type { BudgetHistoryResponse, BudgetRef } from '@pdbscope/shared/api';
import type { HistoryReader } from '../model.js';
import type { BudgetHistory } from './budget-history.js';

/** The history this BFF kept in memory, for budgets the cluster has now. */
export function memoryHistoryReader(input: {
  history: BudgetHistory;
  exists(ref: BudgetRef): boolean;
  clock: Clock;
}): HistoryReader & { read(ref: BudgetRef): BudgetHistoryResponse | undefined } {
  const read = (ref: BudgetRef): BudgetHistoryResponse | undefined => {
    if (!input.exists(ref)) return undefined;
    const now = input.clock.now().getTime();
    const kept = input.history.read(ref, now);
    return {
      budget: { kind: ref.kind, namespace: ref.namespace, name: ref.name },
      source: 'memory',
      from: new Date(kept?.from ?? now - input.history.windowMs).toISOString(),
      to: new Date(now).toISOString(),
      points: kept?.points ?? [],
      marks: kept?.marks ?? [],
      truncated: kept?.truncated ?? false,
    };
  };
  return { read, budgetHistory: (ref) => Promise.resolve(read(ref)) };
}
