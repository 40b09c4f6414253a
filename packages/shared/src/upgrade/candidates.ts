import { countsByScale } from '../eviction/drain-blocked.js';
import { DRAIN_FLAG_NAMES } from '../eviction/drain-options.js';
import type { BudgetEvaluation } from '../index/types.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import { budgetsToRemove } from '../operators/overlap.js';
import type { ChangeRoute } from '../operators/route.js';
import type { UpgradeChange } from './changes.js';
import type { ForecastUpgradeInput } from './forecast.js';
import { routedTitle, routeOfChange } from './operator-route.js';
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
  /**
   * An operator writes what it changes: made on its custom resource's field, or (`operator`) the
   * field is not known, so the fix only says where to change it (ranked after the others).
   */
  managed?: 'custom-resource' | 'operator';
}

/** The candidate made where its change belongs: on the operator's custom resource, if any. */
function routed(c: Candidate, route: ChangeRoute, subject: string): Candidate {
  if (route.via === 'object') return c;
  return { ...c, title: routedTitle(c.title, route, subject), managed: route.via };
}

/** A budget's candidate, routed through the operator that writes the budget (if one does). */
function routedBudget(input: ForecastUpgradeInput, c: Candidate, ref: ResourceRef): Candidate {
  const [change] = c.changes;
  return change
    ? routed(c, routeOfChange(input.index, change), `${ref.kind} ${qualified(ref)}`)
    : c;
}

const qualified = (r: ResourceRef): string => `${r.namespace}/${r.name}`;

/** A budget's minAvailable lowered (or set) or its maxUnavailable raised to `value`, with its cost. */
function specChange(input: {
  ev: BudgetEvaluation;
  field: 'minAvailable' | 'maxUnavailable';
  value: number;
  cost: string;
  /** Default: Lower for minAvailable, Raise for maxUnavailable. */
  verb?: string;
  /** Said after the value, in the title. */
  why?: string;
}): Candidate {
  const { ev, field, value } = input;
  const verb = input.verb ?? (field === 'minAvailable' ? 'Lower' : 'Raise');
  return {
    title: `${verb} ${ev.kind} ${qualified(ev.ref)}'s ${field} to ${value}${input.why ?? ''}`,
    cost: input.cost,
    changes: [{ kind: 'budget-spec', budget: ev.ref, field, value }],
  };
}

/** A spec change that lets the budget allow one disruption now (or one more than a change made). */
function specCandidate(input: ForecastUpgradeInput, ev: BudgetEvaluation): Candidate | undefined {
  const ref = ev.ref;
  const [desired, expected, healthy] =
    ev.kind === 'PodDisruptionBudget'
      ? [
          ev.synced.status.desiredHealthy,
          ev.synced.status.expectedPods,
          ev.synced.status.currentHealthy,
        ]
      : [
          ev.synced.status.desiredAvailable,
          ev.synced.status.totalReplicas,
          ev.synced.status.currentAvailable,
        ];
  const lower = (value: number, must: string): Candidate =>
    specChange({
      ev,
      field: 'minAvailable',
      value,
      cost: `one more of its pods may be unavailable during the upgrade (${value} of ${must} must stay up)`,
    });
  const raise = (value: number): Candidate =>
    specChange({
      ev,
      field: 'maxUnavailable',
      value,
      cost: `${value} of its ${expected} pods may be unavailable at once during the upgrade`,
    });
  const live = ev.pods.filter((p) => p.deletionTimestamp === undefined);
  // Already changed (a combination, or a fix being forecast): one step further the same way.
  const changed = input.overrides?.budgets?.get(refKey(ref))?.spec;
  if (typeof changed?.minAvailable === 'number') {
    const of = `${Math.max(expected, live.length)}`;
    return changed.minAvailable > 0 ? lower(changed.minAvailable - 1, of) : undefined;
  }
  if (typeof changed?.maxUnavailable === 'number')
    return changed.maxUnavailable < expected ? raise(changed.maxUnavailable + 1) : undefined;
  if (
    ev.kind === 'PodDisruptionBudget' &&
    expected <= 0 &&
    countsByScale(ev.budget) &&
    live.length > 0 &&
    live.every((p) => p.controller === undefined)
  ) {
    // Percentages and maxUnavailable count pods from their controllers: bare pods need a number.
    const value = Math.max(0, healthy - 1);
    return specChange({
      ev,
      field: 'minAvailable',
      value,
      verb: 'Set',
      why: ' (a number: its pods have no controller)',
      cost: `${value} of its ${live.length} pods must stay up during the upgrade`,
    });
  }
  // One disruption allowed now: one fewer than the pods healthy now (fewer than desired when some
  // are not Ready, e.g. crash-looping).
  const floor = Math.min(desired, healthy);
  if (ev.budget.spec.minAvailable !== undefined && floor > 0)
    return lower(floor - 1, `${expected}`);
  return raise(Math.max(0, expected - floor) + 1);
}

/**
 * With pods not Ready, the change that lets only those go (no healthy one above what is healthy
 * now, so the unhealthy-pod rule evicts them; the healthy ones then wait for replacements): less
 * than specCandidate's, and sometimes the one that completes, since fewer pods leave at once.
 */
function unreadyOnlyCandidate(
  input: ForecastUpgradeInput,
  ev: BudgetEvaluation,
): Candidate | undefined {
  if (ev.kind !== 'PodDisruptionBudget' || input.overrides?.budgets?.has(refKey(ev.ref)))
    return undefined;
  const { desiredHealthy, expectedPods, currentHealthy } = ev.synced.status;
  if (currentHealthy >= desiredHealthy || expectedPods <= 0) return undefined;
  if (ev.budget.spec.minAvailable !== undefined)
    return specChange({
      ev,
      field: 'minAvailable',
      value: currentHealthy,
      cost: `its pods that are not Ready may be evicted (${currentHealthy} of ${expectedPods} must stay up)`,
    });
  const value = expectedPods - currentHealthy;
  return specChange({
    ev,
    field: 'maxUnavailable',
    value,
    cost: `its pods that are not Ready may be evicted (${value} of its ${expectedPods} pods may be unavailable at once)`,
  });
}

function budgetCandidates(input: ForecastUpgradeInput, ref: ResourceRef): Candidate[] {
  const index = input.index;
  const ev = index.budget(ref);
  if (!ev) return [];
  const out: Candidate[] = [];
  for (const c of [specCandidate(input, ev), unreadyOnlyCandidate(input, ev)])
    if (c) out.push(routedBudget(input, c, ev.ref));
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
      const change: UpgradeChange = {
        kind: 'scale',
        workload: { kind: workload.kind, namespace: workload.namespace, name: workload.name },
        replicas,
        template: { kind: 'Pod', namespace: pod.namespace, name: pod.name },
      };
      const scale: Candidate = {
        title: `Scale ${workload.kind} ${qualified(workload)} to ${replicas} replicas`,
        cost: `one more pod's resources (${replicas} replicas instead of ${workload.replicas})`,
        changes: [change],
      };
      out.push(
        routed(
          scale,
          routeOfChange(index, change, workload),
          `${workload.kind} ${qualified(workload)}`,
        ),
      );
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
      // The hand-written ones when an operator writes another (the findings choose the same).
      const pdbs = p.budgets
        .filter((b) => b.kind === 'PodDisruptionBudget')
        .flatMap((b) => input.index.budget(b)?.budget ?? []);
      for (const budget of budgetsToRemove(pdbs)) {
        const b: ResourceRef = {
          kind: budget.kind,
          namespace: budget.namespace,
          name: budget.name,
        };
        const removal: Candidate = {
          title: `Delete PodDisruptionBudget ${qualified(b)} (overlaps another)`,
          cost: `its pods stay protected only by the other budget${p.budgets.length > 2 ? 's' : ''}`,
          changes: [{ kind: 'remove-budget', budget: b }],
        };
        add(routedBudget(input, removal, b));
      }
    } else {
      const maxSurge = input.strategy.maxSurge + 1;
      // As many new nodes as the pool has is as much room as surging can make; EKS has no
      // maxSurge to set (it surges by zone).
      const settable = input.provider?.surgeSetting ?? true;
      if (p.reason === 'replacement-unschedulable' && settable && maxSurge <= input.nodes.length) {
        add({
          title: `Surge ${maxSurge} new node${maxSurge > 1 ? 's' : ''} before draining`,
          cost: `${maxSurge} more node${maxSurge > 1 ? 's' : ''} while the upgrade runs`,
          changes: [{ kind: 'surge', maxSurge }],
        });
      }
      for (const b of p.budgets) for (const c of budgetCandidates(input, b)) add(c);
    }
  }
  return out;
}
