import {
  decidePodNow,
  EVICTION_RULE_SUMMARIES,
  unseenReason,
  type EvictionDecision,
  type PodView,
} from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { EvictableNow, PodResponse, PodSummary } from '@pdbscope/shared/api';
import { apiDecision } from './decision.js';
import { budgetRow, type BudgetMarks } from './rows.js';

/** Where a pod runs, who owns it, why it waits, whether it is going: the optional fields every pod view shows. */
export function podPlacement(
  pod: PodView,
): Pick<PodSummary, 'nodeName' | 'owner' | 'waitingReason' | 'deletionTimestamp'> {
  return {
    ...(pod.nodeName !== undefined ? { nodeName: pod.nodeName } : {}),
    ...(pod.controller
      ? {
          owner: {
            apiVersion: pod.controller.apiVersion,
            kind: pod.controller.kind,
            name: pod.controller.name,
          },
        }
      : {}),
    ...(pod.waitingReason !== undefined ? { waitingReason: pod.waitingReason } : {}),
    ...(pod.deletionTimestamp !== undefined ? { deletionTimestamp: pod.deletionTimestamp } : {}),
  };
}

/** An eviction decision as a row shows it: allowed or not, by which rule, with the HTTP status. */
export function evictableOf(decision: EvictionDecision): EvictableNow {
  return {
    allowed: decision.allowed,
    rule: decision.rule,
    summary: EVICTION_RULE_SUMMARIES[decision.rule],
    code: decision.code,
  };
}

/** Whether the API server would let this pod be evicted now, and by which rule (a dry run). */
export function evictableNow(pod: PodView, index: ClusterIndex, now: Date): EvictableNow {
  return evictableOf(decidePodNow(pod, index.budgetsForPod(pod), now));
}

export function podSummary(pod: PodView): PodSummary {
  return {
    namespace: pod.namespace,
    name: pod.name,
    uid: pod.uid,
    phase: pod.phase,
    ready: pod.ready,
    labels: { ...pod.labels },
    ...(Object.keys(pod.annotations).length > 0 ? { annotations: { ...pod.annotations } } : {}),
    restartCount: pod.restartCount,
    ...podPlacement(pod),
    ...(pod.creationTimestamp !== undefined ? { creationTimestamp: pod.creationTimestamp } : {}),
  };
}

/** GET /api/pods/{namespace}/{name}: the pod, its budgets, and what a dry-run eviction would answer now. */
export function podResponse(input: {
  index: ClusterIndex;
  namespace: string;
  name: string;
  marks: BudgetMarks;
  now: Date;
  eventId: string;
}): PodResponse | undefined {
  const { index } = input;
  const pod = index.pod(input);
  if (!pod) return undefined;
  const covering = index.budgetsForPod(pod);
  const budgets = [...covering.pdbs, ...covering.pubs];
  const decision = decidePodNow(pod, covering, input.now);
  const budgetsHidden = unseenReason(index.visibility, 'budgets', pod.namespace);
  return {
    pod: podSummary(pod),
    ...(budgetsHidden !== undefined
      ? {
          notVisible: [
            `budgets in ${pod.namespace} not visible: ${budgetsHidden}; the eviction is decided on the visible budgets only`,
          ],
        }
      : {}),
    budgets: budgets.flatMap((b) => {
      const evaluation = index.budget(b);
      return evaluation ? [budgetRow(evaluation, input.marks)] : [];
    }),
    eviction: apiDecision({ namespace: pod.namespace, name: pod.name, decision, budgets }),
    eventId: input.eventId,
  };
}
