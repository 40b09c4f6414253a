import { DRAIN_FLAG_NAMES } from '../eviction/drain-options.js';
import type { ClusterIndex } from '../index/cluster-index.js';
import type { ResourceRef } from '../model/refs.js';
import type { UpgradeChange } from './changes.js';
import type { ForecastUpgradeInput } from './forecast.js';
import type { StuckPod } from './types.js';

/** Cheaper first: capacity for a while, then options, then availability, then protection. */
export const COST_ORDER: Record<UpgradeChange['kind'], number> = {
  surge: 0,
  scale: 1,
  'budget-spec': 2,
  'drain-option': 3,
  'remove-budget': 4,
};

const FLAG_COST: Record<keyof typeof DRAIN_FLAG_NAMES, string> = {
  force: 'pods without a controller are deleted and not recreated',
  ignoreDaemonSets: 'DaemonSet pods stay until the node is deleted',
  deleteEmptyDirData: "the pods' emptyDir data is lost",
};

/** One change (or a few that go together) a fix proposes, before it is checked. */
export interface Candidate {
  title: string;
  cost: string;
  changes: UpgradeChange[];
  /** For a combination: each part's title and cost. */
  parts?: { title: string; cost: string }[];
}

const qualified = (r: ResourceRef): string => `${r.namespace}/${r.name}`;

function budgetCandidates(index: ClusterIndex, ref: ResourceRef): Candidate[] {
  const ev = index.budget(ref);
  if (!ev) return [];
  const out: Candidate[] = [];
  const spec = ev.budget.spec;
  const kind = ev.kind === 'PodDisruptionBudget' ? 'PodDisruptionBudget' : 'PodUnavailableBudget';
  const [desired, expected] =
    ev.kind === 'PodDisruptionBudget'
      ? [ev.synced.status.desiredHealthy, ev.synced.status.expectedPods]
      : [ev.synced.status.desiredAvailable, ev.synced.status.totalReplicas];
  if (spec.minAvailable !== undefined && desired > 0) {
    out.push({
      title: `Lower ${kind} ${qualified(ref)}'s minAvailable to ${desired - 1}`,
      cost: `one more of its pods may be unavailable during the upgrade (${desired - 1} of ${expected} must stay up)`,
      changes: [{ kind: 'budget-spec', budget: ref, field: 'minAvailable', value: desired - 1 }],
    });
  } else {
    const allowed = Math.max(0, expected - desired);
    out.push({
      title: `Raise ${kind} ${qualified(ref)}'s maxUnavailable to ${allowed + 1}`,
      cost: `${allowed + 1} of its ${expected} pods may be unavailable at once during the upgrade`,
      changes: [{ kind: 'budget-spec', budget: ref, field: 'maxUnavailable', value: allowed + 1 }],
    });
  }
  const pod = ev.pods.find((p) => p.controller !== undefined && p.deletionTimestamp === undefined);
  const owner = pod?.controller;
  if (pod && owner) {
    const lookup = index.workloadLookup();
    const group = owner.apiVersion.includes('/') ? (owner.apiVersion.split('/')[0] ?? '') : '';
    let workload = lookup.find({
      namespace: pod.namespace,
      group,
      kind: owner.kind,
      name: owner.name,
    });
    // A ReplicaSet's replicas belong to its Deployment.
    const parent = workload?.controller;
    if (workload && parent) {
      const pg = parent.apiVersion.includes('/') ? (parent.apiVersion.split('/')[0] ?? '') : '';
      workload =
        lookup.find({
          namespace: pod.namespace,
          group: pg,
          kind: parent.kind,
          name: parent.name,
        }) ?? workload;
    }
    if (workload?.replicas !== undefined) {
      const replicas = workload.replicas + 1;
      out.push({
        title: `Scale ${workload.kind} ${qualified(workload)} to ${replicas} replicas`,
        cost: `one more pod's resources (${replicas} replicas instead of ${workload.replicas})`,
        changes: [
          {
            kind: 'scale',
            workload: { kind: workload.kind, namespace: workload.namespace, name: workload.name },
            replicas,
            template: { kind: 'Pod', namespace: pod.namespace, name: pod.name },
          },
        ],
      });
    }
  }
  return out;
}

/** The single changes that could free the stuck pods: per reason, per budget holding them. */
export function candidatesFor(
  input: ForecastUpgradeInput,
  stuck: readonly StuckPod[],
): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const add = (c: Candidate) => {
    const key = JSON.stringify(c.changes);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(c);
    }
  };
  for (const p of stuck) {
    if (p.reason === 'kubectl-refuses') {
      const option = p.flag ?? 'force';
      add({
        title: `Drain with ${DRAIN_FLAG_NAMES[option]}`,
        cost: FLAG_COST[option],
        changes: [{ kind: 'drain-option', option }],
      });
    } else if (p.reason === 'multiple-budgets') {
      for (const b of p.budgets.filter((b) => b.kind === 'PodDisruptionBudget')) {
        add({
          title: `Delete PodDisruptionBudget ${qualified(b)} (overlaps another)`,
          cost: `its pods stay protected only by the other budget${p.budgets.length > 2 ? 's' : ''}`,
          changes: [{ kind: 'remove-budget', budget: b }],
        });
      }
    } else {
      if (p.reason === 'replacement-unschedulable') {
        const maxSurge = input.strategy.maxSurge + 1;
        add({
          title: `Surge ${maxSurge} new node${maxSurge > 1 ? 's' : ''} before draining`,
          cost: `${maxSurge} more node${maxSurge > 1 ? 's' : ''} while the upgrade runs`,
          changes: [{ kind: 'surge', maxSurge }],
        });
      }
      for (const b of p.budgets) for (const c of budgetCandidates(input.index, b)) add(c);
    }
  }
  return out;
}
