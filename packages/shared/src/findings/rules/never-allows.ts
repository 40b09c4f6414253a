import type { PdbView, PubView } from '../../model/budget.js';
import type { IntOrString } from '../../model/intstr.js';
import { scaledValue } from '../../intstr/intstr.js';
import { refOf } from '../../overlaps/live.js';
import { finding } from '../context.js';
import type { BudgetFacts, Finding, FindingRule } from '../types.js';

const isZero = (v: IntOrString | undefined): boolean => v === 0 || v === '0%';

/** Why a minAvailable leaves no room at `expected` pods, or undefined when it does. */
function minLeavesNoRoom(min: IntOrString, expected: number): string | undefined {
  if (min === '100%') return 'minAvailable is 100%';
  const desired = scaledValue(min, expected);
  if (!desired.ok || expected <= 0 || desired.value < expected) return undefined;
  if (expected === 1) return `minAvailable ${String(min)} with a single pod`;
  return `minAvailable ${String(min)} needs all ${expected} pods healthy`;
}

function pdbReason(pdb: PdbView, facts: BudgetFacts): string | undefined {
  const { minAvailable, maxUnavailable } = pdb.spec;
  if (maxUnavailable !== undefined)
    return isZero(maxUnavailable) ? 'maxUnavailable is 0' : undefined;
  if (minAvailable === undefined) {
    return 'neither minAvailable nor maxUnavailable is set, so expectedPods is 0 and disruptionsAllowed stays 0';
  }
  // An integer minAvailable counts every selected pod; a percentage counts the controllers' scale.
  const status = facts.recomputed?.status ?? pdb.status;
  const expected =
    typeof minAvailable === 'number'
      ? facts.pods.length
      : 'expectedPods' in status
        ? status.expectedPods
        : 0;
  return minLeavesNoRoom(minAvailable, expected);
}

function pubReason(pub: PubView, facts: BudgetFacts): string | undefined {
  const { minAvailable, maxUnavailable } = pub.spec;
  if (maxUnavailable !== undefined)
    return isZero(maxUnavailable) ? 'maxUnavailable is 0' : undefined;
  if (minAvailable === undefined) return undefined;
  const status = facts.recomputed?.status ?? pub.status;
  return minLeavesNoRoom(minAvailable, 'totalReplicas' in status ? status.totalReplicas : 0);
}

/** Budgets whose spec forbids every voluntary disruption even when all pods are healthy. */
export const neverAllowsDisruption: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts): Finding[] => {
    const b = facts.budget;
    const reason = b.kind === 'PodDisruptionBudget' ? pdbReason(b, facts) : pubReason(b, facts);
    if (reason === undefined) return [];
    return [
      finding({
        kind: 'never-allows-disruption',
        severity: 'warning',
        object: refOf(b),
        message: `${b.kind} ${b.namespace}/${b.name} can never allow a disruption: ${reason}. Every eviction of a ready pod it selects (node drain, cluster upgrade) is refused.`,
        remedy:
          'Allow at least one disruption (e.g. maxUnavailable: 1, or a minAvailable below the replica count) or run more replicas; if the single instance is deliberate, plan its drains by hand.',
      }),
    ];
  });
