import type { BudgetKind, PdbStatus, PubStatus } from '../../model/budget.js';
import { differingCounters } from '../../model/status-counters.js';
import { statusIsStale } from '../../model/stale.js';
import { refOf } from '../../overlaps/live.js';
import { finding } from '../context.js';
import type { FindingRule } from '../types.js';

function differences(
  kind: BudgetKind,
  reported: PdbStatus | PubStatus,
  recomputed: PdbStatus | PubStatus,
): string[] {
  const r = reported as unknown as Record<string, unknown>;
  const c = recomputed as unknown as Record<string, unknown>;
  return differingCounters(kind, reported, recomputed).map(
    (f) => `${f} reported ${String(r[f])}, recomputed ${String(c[f])}`,
  );
}

/** The cluster's status disagrees with what the controller would write now. */
export const statusDiffers: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    const r = facts.recomputed;
    const b = facts.budget;
    // A stale status (never synced, or synced before the last spec change) is reported as stale-status.
    if (!r || r.syncFailed || statusIsStale(b)) return [];
    const diffs = differences(b.kind, b.status, r.status);
    if (diffs.length === 0) return [];
    return [
      finding({
        kind: 'status-differs',
        severity: 'warning',
        object: refOf(b),
        message: `The status of ${b.namespace}/${b.name} differs from the recomputed one: ${diffs.join('; ')}. The eviction API decides on the reported status.`,
        remedy:
          'Usually transient (pods changed since the last sync). If it persists, the controller is not syncing this budget: check kube-controller-manager (or the OpenKruise manager) and its logs.',
      }),
    ];
  });
