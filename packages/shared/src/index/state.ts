import type { Budget } from '../model/budget.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import { FULL_VISIBILITY } from '../visibility/visibility.js';
import type { Visibility } from '../visibility/types.js';
import { createPodStore, type PodStore } from './pod-store.js';
import type { BudgetEntry } from './entry.js';
import type { ClusterIndexOptions } from './types.js';
import { createWorkloadStore, type WorkloadStore } from './workload-store.js';

/** Per namespace: which budgets to ask when a pod with some labels appears there. */
export interface NamespaceBudgets {
  /** Anchor key → value (or `ANY_VALUE`) → budget keys. */
  anchored: Map<string, Map<string, Set<string>>>;
  /** Budgets with no usable anchor: every pod of the namespace is a candidate. */
  wide: Set<string>;
  /** PUBs: few per namespace, each asked directly. */
  pubs: Set<string>;
}

/** While an index loads (see `loading.ts`): what is left to do when it finishes. */
export interface LoadState {
  /** Entries whose member lists were appended to in place and must be sorted. */
  unsorted: Set<BudgetEntry>;
}

/**
 * Everything the index holds. The functions in `apply.ts` change it; `ClusterIndex` only wraps it.
 */
export interface IndexState {
  options: ClusterIndexOptions;
  now: Date;
  pods: PodStore;
  workloads: WorkloadStore;
  nodes: Map<string, NodeView>;
  budgets: Map<string, BudgetEntry>;
  budgetsByNamespace: Map<string, NamespaceBudgets>;
  /** Workload dependency key → keys of the budgets whose last evaluation looked it up. */
  dependents: Map<string, Set<string>>;
  /** Keys of the budgets whose evaluation has a recheck time. */
  rechecks: Set<string>;
  /** Set while loading: nothing is evaluated until `finishLoading` (see `loading.ts`). */
  loading: LoadState | undefined;
  /** What can be seen of the cluster: every evaluation reads it. */
  visibility: Visibility;
}

export function createState(options: ClusterIndexOptions): IndexState {
  return {
    options,
    now: options.now,
    pods: createPodStore(),
    workloads: createWorkloadStore(options.apiResources),
    nodes: new Map(),
    budgets: new Map(),
    budgetsByNamespace: new Map(),
    dependents: new Map(),
    rechecks: new Set(),
    loading: options.loading === true ? { unsorted: new Set() } : undefined,
    visibility: options.visibility ?? FULL_VISIBILITY,
  };
}

export function budgetKey(ref: ResourceRef): string {
  return refKey({ kind: ref.kind, namespace: ref.namespace, name: ref.name });
}

export function namespaceBudgets(state: IndexState, namespace: string): NamespaceBudgets {
  let nb = state.budgetsByNamespace.get(namespace);
  if (!nb)
    state.budgetsByNamespace.set(
      namespace,
      (nb = { anchored: new Map(), wide: new Set(), pubs: new Set() }),
    );
  return nb;
}

export function isPod(o: { kind: string }): o is PodView {
  return o.kind === 'Pod';
}

export function isBudget(o: { kind: string }): o is Budget {
  return o.kind === 'PodDisruptionBudget' || o.kind === 'PodUnavailableBudget';
}

export function isNode(o: { kind: string }): o is NodeView {
  return o.kind === 'Node';
}

export function isWorkload(o: { kind: string }): o is WorkloadView {
  return !isPod(o) && !isBudget(o) && !isNode(o);
}
