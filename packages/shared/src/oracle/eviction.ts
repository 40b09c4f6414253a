import { disruptionAllowedCondition } from '../budgets/condition.js';
import { decideEviction } from '../eviction/decide.js';
import type { EvictionDecision } from '../eviction/decide-types.js';
import type { PdbView } from '../model/budget.js';
import { parseNsName } from '../model/refs.js';
import { inNamespace, ScenarioError, type ScenarioInputs } from './inputs.js';
import type { EvictionRequest } from './scenario.js';

function pdbStatusAfter(before: PdbView | undefined, after: PdbView): Record<string, unknown> {
  const added = Object.keys(after.status.disruptedPods).filter(
    (k) => before?.status.disruptedPods[k] === undefined,
  );
  const c0 = before && disruptionAllowedCondition(before.status);
  const c1 = disruptionAllowedCondition(after.status);
  const changed =
    c1 && (!c0 || c0.status !== c1.status || c0.reason !== c1.reason || c0.message !== c1.message);
  return {
    disruptionsAllowed: after.status.disruptionsAllowed,
    disruptedPodsAdded: added,
    ...(changed
      ? { condition: { type: c1.type, status: c1.status, reason: c1.reason ?? '' } }
      : {}),
  };
}

function evictionActual(
  req: EvictionRequest,
  d: EvictionDecision,
  pdbs: readonly PdbView[],
): Record<string, unknown> {
  const before =
    d.budget && pdbs.find((p) => p.namespace === d.budget?.namespace && p.name === d.budget.name);
  return {
    pod: req.pod,
    allowed: d.allowed,
    code: d.code,
    reason: d.reason,
    message: d.message,
    causes: d.causes,
    ...(d.retryAfterSeconds !== undefined ? { retryAfterSeconds: d.retryAfterSeconds } : {}),
    pdbChanged: d.pdbChanged,
    podDeleted: d.podDeleted,
    ...(d.pdbChanged && d.pdbAfter ? { pdbStatusAfter: pdbStatusAfter(before, d.pdbAfter) } : {}),
    ...(d.deletePreconditionResourceVersion !== undefined
      ? { deletePreconditionResourceVersion: d.deletePreconditionResourceVersion }
      : {}),
    httpStatusLine: d.httpStatus,
    deleteAttempts: d.deleteAttempts,
  };
}

// Storage faults the engine plays; any other (a pod that changes between attempts, other delete
// errors) is beyond what it models.
const MODELLED_FAULTS = new Set(['podDeleteConflict', 'podDeleteAlwaysConflict']);

const isDryRun = (v: boolean | readonly string[] | undefined): boolean =>
  Array.isArray(v) ? v.includes('All') : v === true;

/** kind `eviction`: each request against the initial state. */
export function evictionsActual(
  inputs: ScenarioInputs,
  requests: readonly EvictionRequest[],
): Record<string, unknown> {
  const { pods, pdbs, pubs, now } = inputs;
  const evictions = requests.map((req) => {
    const ref = parseNsName(req.pod);
    if (!ref) throw new ScenarioError(`pod must be "namespace/name": ${req.pod}`);
    const unknownFault = Object.keys(req.faults ?? {}).find((k) => !MODELLED_FAULTS.has(k));
    if (unknownFault !== undefined) throw new ScenarioError('not modelled');
    const o = req.options ?? {};
    const d = decideEviction({
      namespace: ref.namespace,
      podName: ref.name,
      pod: pods.find((p) => p.namespace === ref.namespace && p.name === ref.name),
      pdbs: inNamespace(pdbs, ref.namespace),
      pubs: inNamespace(pubs, ref.namespace),
      options: {
        dryRun: isDryRun(o.dryRun),
        ...(o.urlName !== undefined ? { urlName: o.urlName } : {}),
        ...(o.preconditions ? { preconditions: o.preconditions } : {}),
        ...(req.faults ? { faults: req.faults } : {}),
      },
      now,
    });
    return evictionActual(req, d, pdbs);
  });
  return { evictions };
}
