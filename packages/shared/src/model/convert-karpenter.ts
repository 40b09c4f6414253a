import type { Result } from '../result/index.js';
import { asArray, asObject, asString, asStringMap, readMeta } from './convert-helpers.js';
import { readConditions } from './convert.js';
import type { NodeClaimView, NodePoolBudget, NodePoolView } from './karpenter.js';

const DO_NOT_DISRUPT = 'karpenter.sh/do-not-disrupt';

/** The API server's defaults for `spec.disruption` (kubebuilder markers of karpenter.sh/v1). */
const DEFAULT_BUDGETS: readonly NodePoolBudget[] = Object.freeze([{ nodes: '10%' }]);
const DEFAULT_CONSOLIDATION_POLICY = 'WhenEmptyOrUnderutilized';

function budgetOf(raw: unknown): NodePoolBudget {
  const b = asObject(raw) ?? {};
  const reasons = b['reasons'];
  const schedule = asString(b['schedule']);
  const duration = asString(b['duration']);
  return {
    nodes: asString(b['nodes']) ?? '10%',
    ...(Array.isArray(reasons) ? { reasons: reasons.map(String) } : {}),
    ...(schedule !== undefined ? { schedule } : {}),
    ...(duration !== undefined ? { duration } : {}),
  };
}

/** A `karpenter.sh/v1` NodePool; malformed parts read as the API's defaults. */
export function nodePoolFromObject(raw: unknown): Result<NodePoolView> {
  const obj = asObject(raw);
  const meta = obj && readMeta(obj);
  if (!obj || !meta) return { ok: false, error: 'NodePool without metadata.name' };
  const spec = asObject(obj['spec']) ?? {};
  const disruption = asObject(spec['disruption']) ?? {};
  const budgets = disruption['budgets'];
  const consolidateAfter = asString(disruption['consolidateAfter']);
  const template = asObject(asObject(spec['template'])?.['metadata']);
  return {
    ok: true,
    value: {
      kind: 'NodePool',
      name: meta.name,
      uid: meta.uid,
      resourceVersion: meta.resourceVersion,
      consolidationPolicy:
        asString(disruption['consolidationPolicy']) ?? DEFAULT_CONSOLIDATION_POLICY,
      ...(consolidateAfter !== undefined ? { consolidateAfter } : {}),
      budgets: Array.isArray(budgets) ? budgets.map(budgetOf) : DEFAULT_BUDGETS,
      templateLabels: asStringMap(template?.['labels']),
    },
  };
}

/** A `karpenter.sh/v1` NodeClaim. */
export function nodeClaimFromObject(raw: unknown): Result<NodeClaimView> {
  const obj = asObject(raw);
  const meta = obj && readMeta(obj, { keepAnnotation: (k) => k === DO_NOT_DISRUPT });
  if (!obj || !meta) return { ok: false, error: 'NodeClaim without metadata.name' };
  const spec = asObject(obj['spec']) ?? {};
  const status = asObject(obj['status']) ?? {};
  const nodeName = asString(status['nodeName']);
  const grace = asString(spec['terminationGracePeriod']);
  return {
    ok: true,
    value: {
      kind: 'NodeClaim',
      name: meta.name,
      uid: meta.uid,
      resourceVersion: meta.resourceVersion,
      labels: meta.labels,
      annotations: meta.annotations,
      ...(nodeName ? { nodeName } : {}),
      ...(grace !== undefined ? { terminationGracePeriod: grace } : {}),
      conditions: readConditions(asArray(status['conditions'])),
      ...(meta.deletionTimestamp ? { deletionTimestamp: meta.deletionTimestamp } : {}),
    },
  };
}
