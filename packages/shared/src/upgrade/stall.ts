import { refKey, type ResourceRef } from '../model/refs.js';
import type { StallReason, StuckPod, UpgradeStall } from './types.js';

const REASON_WORDS: Record<StallReason, string> = {
  'kubectl-refuses': 'kubectl refuses the node before evicting anything',
  'multiple-budgets': 'pods selected by more than one PodDisruptionBudget (500, not retried)',
  'webhook-denied': "OpenKruise's webhook denies the eviction (403, not retried)",
  'replacement-unschedulable': 'a replacement no node can take, so its budget never recovers',
  'no-disruption-allowed': 'a budget that allows no disruption',
};

/** The stall in one sentence and the budgets behind it, from the pods left on the batch's nodes. */
export function describeStall(step: number, nodes: string[], pods: StuckPod[]): UpgradeStall {
  const node = pods[0]?.node ?? nodes[0] ?? '';
  const budgets = new Map<string, ResourceRef>();
  for (const p of pods) for (const b of p.budgets) budgets.set(refKey(b), b);
  const reasons = [...new Set(pods.map((p) => p.reason))];
  const names = pods.map((p) => `${p.pod.namespace}/${p.pod.name}`);
  const summary =
    `Step ${step} stalls on ${node}: ${names.length} pod${names.length === 1 ? '' : 's'} ` +
    `(${names.join(', ')}) cannot leave, because of ${reasons.map((r) => REASON_WORDS[r]).join('; ')}.`;
  return { step, node, nodes, pods, budgets: [...budgets.values()], reasons, summary };
}
