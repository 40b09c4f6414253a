import { isPercent } from '../../intstr/intstr.js';
import { refOf } from '../../overlaps/live.js';
import { finding, namesList, somePods } from '../context.js';
import type { FindingRule } from '../types.js';

/**
 * maxUnavailable or a percentage over pods without a controller: those pods add nothing to
 * expectedPods (all-bare ⇒ 0 allowed; mixed ⇒ more allowed than intended). The controller only
 * records an UnmanagedPods event.
 */
export const unmanagedPods: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    const b = facts.budget;
    if (b.kind !== 'PodDisruptionBudget') return [];
    const { minAvailable, maxUnavailable } = b.spec;
    if (maxUnavailable === undefined && !isPercent(minAvailable)) return [];
    const bare = facts.pods.filter((p) => p.controller === undefined);
    if (bare.length === 0) return [];
    const all = bare.length === facts.pods.length;
    const field =
      maxUnavailable !== undefined
        ? `maxUnavailable ${String(maxUnavailable)}`
        : `minAvailable ${String(minAvailable)}`;
    return [
      finding({
        kind: 'unmanaged-pods',
        severity: 'warning',
        object: refOf(b),
        message: all
          ? `${b.namespace}/${b.name} uses ${field} but every pod it selects is bare (no controller): expectedPods is 0, so it never allows a disruption.`
          : `${b.namespace}/${b.name} uses ${field} but ${bare.length} selected pod(s) have no controller (${namesList(bare.map((p) => p.name))}): they add nothing to expectedPods yet count as healthy, so more disruptions may be allowed than intended.`,
        remedy:
          'Use an integer minAvailable for bare pods, or run them under a Deployment or StatefulSet.',
        related: somePods(bare),
      }),
    ];
  });
