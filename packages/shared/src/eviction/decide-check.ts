import { withDisruptionAllowedCondition } from '../budgets/condition.js';
import { rfc3339 } from '../budgets/time.js';
import type { PdbView } from '../model/budget.js';
import { pdbStatusWith } from '../model/pdb-status.js';
import { pdbView } from '../model/pdb-view.js';
import { statusIsStale } from '../model/stale.js';
import type { Result } from '../result/index.js';
import type { EvictionRule } from './decide-rule.js';
import type { StatusBody } from './decide-types.js';
import { pdbForbiddenStatus, tooManyRequestsStatus } from './decide-status.js';

/** `MaxDisruptedPodSize`: more unconfirmed evictions than this and the handler refuses. */
export const MAX_DISRUPTED_POD_SIZE = 2000;

/** Why `checkAndDecrement` refused: its rule and the API server's answer. */
interface CheckRefusal {
  rule: EvictionRule;
  status: StatusBody;
}

/** `Object.keys(map).length > limit` without listing the keys: every drain asks it of every pod. */
function hasMoreEntries(map: Readonly<Record<string, string>>, limit: number): boolean {
  let n = 0;
  for (const _ in map) if (++n > limit) return true;
  return false;
}

/**
 * The rule by which `checkAndDecrement` refuses an eviction under this PDB's stored status, or
 * undefined when it lets one through (cheap: nothing is built).
 */
export function checkRefusal(pdb: PdbView): EvictionRule | undefined {
  const s = pdb.status;
  if (statusIsStale(pdb)) return 'stale-generation';
  if (s.disruptionsAllowed < 0) return 'negative-allowed';
  if (hasMoreEntries(s.disruptedPods, MAX_DISRUPTED_POD_SIZE)) return 'too-many-disrupted';
  if (s.disruptionsAllowed === 0) return 'budget-exhausted';
  return undefined;
}

/** What the API server answers when checkAndDecrement refuses under `rule` (by default: exhausted). */
export function refusalStatus(pdb: PdbView, rule: EvictionRule): StatusBody {
  const s = pdb.status;
  switch (rule) {
    case 'stale-generation':
      return tooManyRequestsStatus(
        `The disruption budget ${pdb.name} is still being processed by the server.`,
        10,
      );
    case 'negative-allowed':
      return pdbForbiddenStatus(pdb.name, 'pdb disruptions allowed is negative');
    case 'too-many-disrupted':
      return pdbForbiddenStatus(
        pdb.name,
        'DisruptedPods map too big - too many evictions not confirmed by PDB controller',
      );
    default:
      return tooManyRequestsStatus(
        `The disruption budget ${pdb.name} needs ${s.desiredHealthy} healthy pods and has ${s.currentHealthy} currently`,
        0,
      );
  }
}

/** `checkAndDecrement` against the PDB's stored status: the PDB after it, or the refusal. */
export function checkAndDecrement(
  pdb: PdbView,
  podName: string,
  dryRun: boolean,
  now: Date,
): Result<PdbView, CheckRefusal> {
  const s = pdb.status;
  const refusal = checkRefusal(pdb);
  if (refusal !== undefined)
    return { ok: false, error: { rule: refusal, status: refusalStatus(pdb, refusal) } };
  let status = pdbStatusWith(s, { disruptionsAllowed: s.disruptionsAllowed - 1 });
  if (status.disruptionsAllowed === 0) status = withDisruptionAllowedCondition(status, now);
  if (!dryRun)
    status = pdbStatusWith(status, {
      disruptedPods: { ...s.disruptedPods, [podName]: rfc3339(now) },
    });
  return { ok: true, value: pdbView(pdb, status) };
}
