import { refOf } from '../../overlaps/live.js';
import { finding } from '../context.js';
import type { FindingRule } from '../types.js';

/** Budgets the disruption controller cannot compute (SyncFailed): every eviction they cover is refused. */
export const syncFailed: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    const r = facts.recomputed;
    const b = facts.budget;
    if (b.kind === 'PodUnavailableBudget' && r?.error !== undefined) {
      return [
        finding({
          kind: 'sync-failed',
          severity: 'error',
          object: refOf(b),
          message: `The OpenKruise controller cannot reconcile ${b.namespace}/${b.name}: ${r.error}. Its status is left as it was.`,
          remedy: 'Fix the targetRef or selector so that the workload and its pods can be found.',
        }),
      ];
    }
    if (!r?.syncFailed) return [];
    return [
      finding({
        kind: 'sync-failed',
        severity: 'error',
        object: refOf(b),
        message: `The disruption controller cannot compute ${b.namespace}/${b.name} (SyncFailed: ${r.error ?? 'unknown error'}); disruptionsAllowed is held at 0.`,
        remedy:
          'Fix the cause: a selector that does not parse, or selected pods whose controller has no scale (e.g. pods of a Job or DaemonSet under maxUnavailable or a percentage) — narrow the selector or use an integer minAvailable.',
      }),
    ];
  });
