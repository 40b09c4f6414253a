import type { PdbStatus, PubStatus } from '../../model/budget.js';
import { statusIsStale } from '../../model/stale.js';
import { refOf } from '../../overlaps/live.js';
import { finding } from '../context.js';
import type { FindingRule } from '../types.js';

const PDB_FIELDS = ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods'] as const;
const PUB_FIELDS = ['unavailableAllowed', 'currentAvailable', 'desiredAvailable', 'totalReplicas'] as const;

function differences(reported: PdbStatus | PubStatus, recomputed: PdbStatus | PubStatus): string[] {
  const fields: readonly string[] = 'disruptionsAllowed' in reported ? PDB_FIELDS : PUB_FIELDS;
  const r = reported as unknown as Record<string, unknown>;
  const c = recomputed as unknown as Record<string, unknown>;
  return fields.filter((f) => r[f] !== c[f]).map((f) => `${f} reported ${String(r[f])}, recomputed ${String(c[f])}`);
}

/** The cluster's status disagrees with what the controller would write now. */
export const statusDiffers: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    const r = facts.recomputed;
    const b = facts.budget;
    // A stale status (never synced, or synced before the last spec change) is reported as stale-status.
    if (!r || r.syncFailed || statusIsStale(b)) return [];
    const diffs = differences(b.status, r.status);
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
