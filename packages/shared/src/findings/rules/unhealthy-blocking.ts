import { refOf } from '../../overlaps/live.js';
import { finding, namesList, somePods } from '../context.js';
import type { FindingRule } from '../types.js';

/**
 * Under IfHealthyBudget (the default) an unready running pod is evicted without using budget only
 * while currentHealthy >= desiredHealthy > 0; otherwise it needs a disruption like any other pod.
 * With 0 allowed, a CrashLoopBackOff pod then blocks the drain of its node.
 */
export const unhealthyPodsBlockDrain: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    const b = facts.budget;
    if (b.kind !== 'PodDisruptionBudget' || b.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow')
      return [];
    const { currentHealthy, desiredHealthy, disruptionsAllowed } = b.status;
    if ((currentHealthy >= desiredHealthy && desiredHealthy > 0) || disruptionsAllowed > 0)
      return [];
    const stuck = facts.pods.filter(
      (p) =>
        !p.ready &&
        p.deletionTimestamp === undefined &&
        (p.phase === 'Running' || p.phase === 'Unknown' || p.phase === ''),
    );
    if (stuck.length === 0) return [];
    const names = stuck.map((p) => (p.waitingReason ? `${p.name} (${p.waitingReason})` : p.name));
    return [
      finding({
        kind: 'unhealthy-pods-block-drain',
        severity: 'warning',
        object: refOf(b),
        message: `${stuck.length} unready pod(s) of ${b.namespace}/${b.name} cannot be evicted (${namesList(names)}): the budget has ${currentHealthy} of ${desiredHealthy} healthy pods and allows 0 disruptions, so a drain of their nodes blocks.`,
        remedy:
          'Set spec.unhealthyPodEvictionPolicy: AlwaysAllow so unready pods can always be evicted, or fix the failing pods.',
        related: somePods(stuck),
      }),
    ];
  });
