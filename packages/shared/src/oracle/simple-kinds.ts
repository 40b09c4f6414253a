// The oracle kinds that evaluate one function each: validation, selectors, PUBs.
import { validatePdb } from '../validation/pdb.js';
import { validatePub } from '../validation/pub.js';
import { nsName } from '../model/refs.js';
import { pubFromObject, readSelector } from '../model/convert.js';
import { parseSelector, selectorMatches } from '../selectors/selector.js';
import { isSelectorLooseOverlap } from '../overlaps/loose.js';
import { syncPub } from '../pub/sync.js';
import { admitPubPodOperation } from '../pub/admit.js';
import type { PubOperation } from '../pub/types.js';
import { asStringMap } from '../model/convert-helpers.js';
import { inNamespace, ScenarioError, type ScenarioInputs } from './inputs.js';
import type { Scenario } from './scenario.js';

export function pdbValidationActual({ pdbs }: ScenarioInputs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pdb of pdbs) {
    const errors = validatePdb(pdb, { apiVersion: pdb.apiVersion });
    out[nsName(pdb)] = {
      validation: {
        valid: errors.length === 0,
        errors: errors.map((e) => ({ field: e.field, type: e.type, detail: e.detail })),
      },
    };
  }
  return out;
}

/** The label sets each label-selector case is matched against (the cases are part of the input). */
interface SelectorCase {
  labels?: unknown;
}

export function labelSelectorActual(
  s: Scenario & { expect?: { cases?: readonly SelectorCase[] } },
  cases: readonly SelectorCase[],
): Record<string, unknown> {
  const parsed = parseSelector(s.selectorAbsent ? null : readSelector(s.selector));
  if (!parsed.ok) return { error: true, cases: [] };
  return {
    error: false,
    cases: cases.map((c) => {
      const labels = asStringMap(c.labels);
      return { labels, matches: selectorMatches(parsed.value, labels) };
    }),
  };
}

export function pubControllerActual({
  pubs,
  pods,
  workloads,
  now,
}: ScenarioInputs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pub of pubs) {
    const r = syncPub({ pub, pods: inNamespace(pods, pub.namespace), workloads, now });
    const s = r.status;
    out[nsName(pub)] = {
      totalReplicas: s.totalReplicas,
      desiredAvailable: s.desiredAvailable,
      currentAvailable: s.currentAvailable,
      unavailableAllowed: s.unavailableAllowed,
      disruptedPods: s.disruptedPods,
      unavailablePods: s.unavailablePods,
      ...(r.error !== undefined ? { error: r.error } : {}),
    };
  }
  return out;
}

export function pubOverlapActual(s: Scenario): Record<string, unknown> {
  const [a, b] = s.selectors ?? [];
  return { looseOverlap: isSelectorLooseOverlap(readSelector(a), readSelector(b)) };
}

export function pubValidationActual(
  s: Scenario,
  { pubs }: ScenarioInputs,
): Record<string, unknown> {
  const candidate = pubFromObject(s.candidate);
  if (!candidate.ok) throw new ScenarioError(candidate.error);
  const errors = validatePub(candidate.value, pubs);
  return { valid: errors.length === 0, errors };
}

const OPERATIONS: readonly string[] = ['DELETE', 'EVICT', 'UPDATE', 'RESIZE'];

export function pubPodOperationActual(
  s: Scenario,
  { pubs, pods, now }: ScenarioInputs,
): Record<string, unknown> {
  const pod = pods[0];
  if (!pod) throw new ScenarioError('pub-pod-operation needs pods[0]');
  const operation = s.operation ?? '';
  if (!OPERATIONS.includes(operation))
    throw new ScenarioError(`unknown operation ${JSON.stringify(operation)}`);
  const pub = pubs[0];
  const r = admitPubPodOperation({
    pod,
    pub,
    operation: operation as PubOperation,
    dryRun: s.dryRun === true,
    now,
  });
  const before = pub?.status;
  const after = r.pubAfter?.status;
  const added = (m: 'disruptedPods' | 'unavailablePods') =>
    Object.keys(after?.[m] ?? {}).filter((k) => before?.[m][k] === undefined);
  return {
    allowed: r.allowed,
    code: r.code,
    reason: r.reason,
    ...(r.message !== undefined ? { message: r.message } : {}),
    ...(after
      ? {
          pubStatusAfter: {
            unavailableAllowed: after.unavailableAllowed,
            unavailablePodsAdded: added('unavailablePods'),
            disruptedPodsAdded: added('disruptedPods'),
          },
        }
      : {}),
  };
}
