import type { ResourceRef } from '../../model/refs.js';
import { finding, namesList } from '../context.js';
import type { FindingRule } from '../types.js';

const MAX_RELATED = 20;

function others(budgets: readonly ResourceRef[]): string {
  return namesList(budgets.slice(1).map((b) => b.name));
}

/**
 * One finding per group of budgets sharing live pods (never one per pair: 2,000 budgets over the
 * same pods are one problem); for two PDBs on a pod the eviction API answers 500.
 */
export const podsUnderMultipleBudgets: FindingRule = (ctx) =>
  ctx.overlaps.groups
    .filter((group) => group.sharedPods.length > 0)
    .map((group) => {
      const [first] = group.budgets as [ResourceRef, ...ResourceRef[]];
      const n = group.sharedPods.length;
      const who =
        group.budgets.length === 2
          ? `${first.kind} ${first.namespace}/${first.name} and ${group.budgets[1]?.kind} ${group.budgets[1]?.name}`
          : `${group.budgets.length} budgets of ${first.namespace} (${first.name}, ${others(group.budgets)})`;
      return finding({
        kind: 'pods-under-multiple-budgets',
        severity: group.evictionFails ? 'error' : 'info',
        object: first,
        message: group.evictionFails
          ? `${who} select ${n} pod(s) in common: evicting a pod under two PodDisruptionBudgets fails with "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support." (500), so drains of their nodes never finish.`
          : `${who} protect ${n} pod(s) in common: each must allow a disruption.`,
        remedy:
          'Make the selectors disjoint (add a distinguishing label to one of them) so that each pod has one budget.',
        related: [
          ...group.budgets.slice(1, MAX_RELATED + 1),
          ...group.sharedPods.slice(0, MAX_RELATED),
        ],
      });
    });
