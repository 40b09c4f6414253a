import { neverSynced, statusIsStale } from '../../model/stale.js';
import type { PdbStatus, PdbView } from '../../model/budget.js';
import { refOf } from '../../overlaps/live.js';
import { finding } from '../context.js';
import type { BudgetFacts, Finding, FindingRule } from '../types.js';

/** A budget no controller has synced yet: what the API server does now, and once it is synced. */
function neverSyncedFinding(b: PdbView, recomputed: PdbStatus | undefined): Finding {
  const once =
    recomputed === undefined
      ? ''
      : ` Once synced it allows ${recomputed.disruptionsAllowed} disruption(s) (${recomputed.currentHealthy} healthy of ${recomputed.expectedPods} expected, ${recomputed.desiredHealthy} desired).`;
  return finding({
    kind: 'stale-status',
    severity: 'warning',
    object: refOf(b),
    message: `${b.namespace}/${b.name} has no status yet: the disruption controller has not synced it since it was created (observedGeneration 0 < generation ${b.generation}), and until it does evictions of its ready pods get 429 "still being processed".${once}`,
    remedy:
      'Nothing to do for a budget just applied: the controller syncs it within seconds. If it stays unsynced, the disruption controller is not running: check kube-controller-manager.',
  });
}

const pdbStatusOf = (facts: BudgetFacts): PdbStatus | undefined =>
  facts.recomputed && 'disruptionsAllowed' in facts.recomputed.status
    ? facts.recomputed.status
    : undefined;

/** observedGeneration < generation: the eviction API answers 429 "still being processed" for the budget's pods. */
export const staleStatus: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    const b = facts.budget;
    if (b.kind !== 'PodDisruptionBudget' || !statusIsStale(b)) return [];
    if (neverSynced(b)) return [neverSyncedFinding(b, pdbStatusOf(facts))];
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
