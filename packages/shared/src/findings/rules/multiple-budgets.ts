import { finding } from '../context.js';
import type { FindingRule } from '../types.js';

/** Budget pairs sharing live pods; for two PDBs the eviction API answers 500 for those pods. */
export const podsUnderMultipleBudgets: FindingRule = (ctx) =>
  ctx.overlaps.live.map((pair) =>
    finding({
      kind: 'pods-under-multiple-budgets',
      severity: pair.evictionFails ? 'error' : 'info',
      object: pair.a,
      detail: `${pair.b.kind}/${pair.b.name}`,
      message: pair.evictionFails
        ? `${pair.a.namespace}/${pair.a.name} and ${pair.b.name} both select ${pair.sharedPods.length} pod(s): evicting them fails with "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support." (500), so drains of their nodes never finish.`
        : `${pair.a.kind} ${pair.a.namespace}/${pair.a.name} and ${pair.b.kind} ${pair.b.name} both protect ${pair.sharedPods.length} pod(s): each must allow a disruption.`,
      remedy:
        'Make the selectors disjoint (add a distinguishing label to one of them) so that each pod has one budget.',
      related: [pair.b, ...pair.sharedPods.slice(0, 20)],
    }),
  );
