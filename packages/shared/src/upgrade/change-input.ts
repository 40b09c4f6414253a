import type { ClusterView } from '../index/view.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import type { Result } from '../result/index.js';
import { DRAIN_FLAG_NAMES } from '../eviction/drain-options.js';
import type { UpgradeChange } from './changes.js';
import { findWorkload, routedTitle, routeOfChange } from './operator-route.js';

type Scale = Extract<UpgradeChange, { kind: 'scale' }>;

/** A change as a request may give it: a scale without the pod to copy (an address's `fix=`). */
export type UpgradeChangeInput =
  | Exclude<UpgradeChange, { kind: 'scale' }>
  | (Omit<Scale, 'template'> & { template?: ResourceRef });

const qualified = (r: ResourceRef): string => `${r.namespace}/${r.name}`;

/** A live pod the workload controls, directly or through one of its ReplicaSets. */
function podOf(index: ClusterView, workload: ResourceRef): PodView | undefined {
  const w = findWorkload(index, workload);
  if (!w) return undefined;
  for (const pod of index.podsInNamespace(w.namespace)) {
    if (pod.deletionTimestamp !== undefined || !pod.controller) continue;
    if (pod.controller.uid === w.uid) return pod;
    const owner = index.workload({ namespace: pod.namespace, ...pod.controller });
    if (owner?.controller?.uid === w.uid) return pod;
  }
  return undefined;
}

/**
 * The request's changes checked against the cluster: every budget named exists, and a scale
 * without a template gets one of its workload's pods (the one its new pod is copied from).
 */
export function resolveChanges(
  index: ClusterView,
  changes: readonly UpgradeChangeInput[],
): Result<UpgradeChange[]> {
  const out: UpgradeChange[] = [];
  for (const change of changes) {
    if (change.kind === 'budget-spec' || change.kind === 'remove-budget') {
      if (!index.budget(change.budget))
        return { ok: false, error: `no ${change.budget.kind} ${qualified(change.budget)}` };
      out.push(change);
    } else if (change.kind === 'scale') {
      const template = change.template ?? podOf(index, change.workload);
      if (!template || !index.pod(template))
        return {
          ok: false,
          error: `no pod of ${change.workload.kind} ${qualified(change.workload)} to scale`,
        };
      const { namespace, name } = template;
      out.push({ ...change, template: { kind: 'Pod', namespace, name } });
    } else out.push(change);
  }
  return { ok: true, value: out };
}

/** Lower or raise, as the fixes word a spec change (from the value the cluster has now). */
function specVerb(index: ClusterView, change: Extract<UpgradeChange, { kind: 'budget-spec' }>) {
  const current = index.budget(change.budget)?.budget.spec[change.field];
  if (change.field === 'minAvailable')
    return current === undefined
      ? 'Set'
      : typeof current === 'number' && change.value > current
        ? 'Raise'
        : 'Lower';
  return typeof current === 'number' && change.value < current ? 'Lower' : 'Raise';
}

/** Whether some pod of the budget is under another budget too. */
function overlaps(index: ClusterView, budget: ResourceRef): boolean {
  return (index.budget(budget)?.pods ?? []).some((p) => index.coveringBudgets(p).length > 1);
}

/**
 * A change in words, as the fixes word it, made where it belongs (an operator's custom resource,
 * see `routedTitle`): what a forecast's applied changes are listed as.
 */
export function changeTitle(index: ClusterView, change: UpgradeChange): string {
  switch (change.kind) {
    case 'surge':
      return `Surge ${change.maxSurge} new node${change.maxSurge === 1 ? '' : 's'} before draining`;
    case 'drain-option':
      return `Drain with ${DRAIN_FLAG_NAMES[change.option]}`;
    case 'budget-spec':
      return routedTitle(
        `${specVerb(index, change)} ${change.budget.kind} ${qualified(change.budget)}'s ${change.field} to ${change.value}`,
        routeOfChange(index, change),
        `${change.budget.kind} ${qualified(change.budget)}`,
      );
    case 'remove-budget':
      return routedTitle(
        `Delete ${change.budget.kind} ${qualified(change.budget)}${overlaps(index, change.budget) ? ' (overlaps another)' : ''}`,
        routeOfChange(index, change),
        `${change.budget.kind} ${qualified(change.budget)}`,
      );
    case 'scale':
      return routedTitle(
        `Scale ${change.workload.kind} ${qualified(change.workload)} to ${change.replicas} replicas`,
        routeOfChange(index, change),
        `${change.workload.kind} ${qualified(change.workload)}`,
      );
  }
}
