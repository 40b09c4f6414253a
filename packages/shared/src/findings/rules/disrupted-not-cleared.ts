import { PDB_DELETION_TIMEOUT_MS } from '../../budgets/disrupted.js';
import { timeMs } from '../../budgets/time.js';
import type { Budget } from '../../model/budget.js';
import { PUB_DELETION_TIMEOUT_MS, PUB_UPDATE_DELAY_MS } from '../../pub/available.js';
import { refOf } from '../../overlaps/live.js';
import { finding } from '../context.js';
import type { Finding, FindingRule } from '../types.js';

function expired(
  entries: Readonly<Record<string, string>>,
  timeoutMs: number,
  now: Date,
): string[] {
  return Object.entries(entries)
    .filter(([, time]) => {
      return timeMs(time) + timeoutMs < now.getTime();
    })
    .map(([pod]) => pod)
    .sort();
}

function stuckEntries(b: Budget, now: Date): { pod: string; since: string | undefined }[] {
  const pick = (map: Readonly<Record<string, string>>, timeout: number) =>
    expired(map, timeout, now).map((pod) => ({ pod, since: map[pod] }));
  if (b.kind === 'PodDisruptionBudget')
    return pick(b.status.disruptedPods, PDB_DELETION_TIMEOUT_MS);
  return [
    ...pick(b.status.disruptedPods, PUB_DELETION_TIMEOUT_MS),
    ...pick(b.status.unavailablePods, PUB_UPDATE_DELAY_MS),
  ];
}

/**
 * A pod recorded as being disrupted long after the controller should have dropped it: the status
 * was not re-synced, so the pod still uses up budget (it counts as unhealthy).
 */
export const disruptedPodNotCleared: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts): Finding[] => {
    const b = facts.budget;
    return stuckEntries(b, ctx.now).map(({ pod, since }) =>
      finding({
        kind: 'disrupted-pod-not-cleared',
        severity: 'warning',
        object: refOf(b),
        detail: pod,
        message: `${b.namespace}/${b.name} still lists pod ${pod} as disrupted since ${since ?? '?'}, past the controller's ${b.kind === 'PodDisruptionBudget' ? '2-minute' : '20/10-second'} expiry: it keeps using up the budget.`,
        remedy:
          'The controller has not re-synced the budget: check that it is running; the entry clears on its next sync.',
        related: [{ kind: 'Pod', namespace: b.namespace, name: pod }],
      }),
    );
  });
