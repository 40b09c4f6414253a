import type { PreemptionOutcome } from './preempt.js';

export const NOT_TRIED = 'not tried: the dry run had found its candidates';
export const FITS_AS_IS = 'fits as it is';

export interface ReasonCount {
  reason: string;
  nodes: number;
}

/**
 * Why each node that is no candidate is none, counted per reason and ordered as kube-scheduler's
 * "0/N nodes are available" histogram is (`"<count> <reason>"` sorted as strings): what the filters
 * said of the nodes preemption skips (a taint, a selector), what the dry run said of the ones it
 * tried, and the ones it never reached.
 */
export function nonCandidateReasons(outcome: PreemptionOutcome): ReasonCount[] {
  const candidates = new Set(outcome.dryRun?.candidates.map((c) => c.node) ?? []);
  const counts = new Map<string, number>();
  const count = (reason: string) => counts.set(reason, (counts.get(reason) ?? 0) + 1);
  for (const [node, status] of outcome.filtered) {
    if (candidates.has(node)) continue;
    const tried = outcome.dryRun?.statuses.get(node);
    if (tried) tried.reasons.forEach(count);
    else if (status.code === 'Success') count(FITS_AS_IS);
    else if (status.code === 'Unschedulable' && outcome.dryRun) count(NOT_TRIED);
    else for (const r of status.reasons) count(r.message);
  }
  return [...counts]
    .map(([reason, nodes]) => ({ reason, nodes, key: `${nodes} ${reason}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ reason, nodes }) => ({ reason, nodes }));
}
