import { statusIsStale } from '../../model/stale.js';
import { refOf } from '../../overlaps/live.js';
import { finding } from '../context.js';
import type { FindingRule } from '../types.js';

/** observedGeneration < generation: the eviction API answers 429 "still being processed" for the budget's pods. */
export const staleStatus: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    const b = facts.budget;
    if (b.kind !== 'PodDisruptionBudget' || !statusIsStale(b)) return [];
    return [
      finding({
        kind: 'stale-status',
        severity: 'warning',
        object: refOf(b),
        message: `The status of ${b.namespace}/${b.name} is stale (observedGeneration ${b.status.observedGeneration} < generation ${b.generation}): evictions of its ready pods get 429 "still being processed".`,
        remedy:
          'Check that kube-controller-manager is running and that the disruption controller can sync this budget (look for SyncFailed in its DisruptionAllowed condition).',
      }),
    ];
  });
