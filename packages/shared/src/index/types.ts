import type { PdbSync } from '../budgets/types.js';
import type { FirstEviction } from '../eviction/first-eviction.js';
import type { Budget, PdbView, PubView } from '../model/budget.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import type { ApiResourceInfo, WorkloadView } from '../model/workload.js';
import type { PubSync } from '../pub/types.js';
import type { BudgetUnseen, Visibility } from '../visibility/types.js';

/** Any object the index holds. Workloads are told apart by `kind` not being one of the others. */
export type IndexedObject = PodView | Budget | WorkloadView | NodeView;

/** One watch event (or a relist) as the index consumes it. */
export type ObjectChange =
  | { type: 'upsert'; object: IndexedObject }
  | { type: 'delete'; object: IndexedObject }
  | {
      type: 'replaceAll';
      /** Each list given replaces every object of its kinds; a list left out keeps what is there. */
      pods?: readonly PodView[];
      budgets?: readonly Budget[];
      workloads?: readonly WorkloadView[];
      nodes?: readonly NodeView[];
    };

/** Lane counts; `available + unavailable + disrupted = selected`. */
export interface LaneCounts {
  selected: number;
  available: number;
  unavailable: number;
  disrupted: number;
}

interface EvaluationBase {
  ref: ResourceRef;
  counts: LaneCounts;
  /** When a disruptedPods (or PUB unavailablePods) entry expires and the budget must be re-evaluated. */
  recheckAtMs?: number;
  /** The `now` this evaluation was made at (ms since the epoch). */
  evaluatedAtMs: number;
  /**
   * Set when the index's visibility hides what the budget's figures read: with `pods` set, no pod
   * is known (`pods` is empty, `counts` zero) and `synced` is the budget as reported; with only
   * `recomputed`, the pods are known but `synced` is the budget as reported, not recomputed.
   * Findings drawn from what is missing are not made; answers say why instead.
   */
  unseen?: BudgetUnseen;
}

/**
 * A PDB as the disruption controller would leave it: the stored object, the pods its selector picks
 * (sorted by name) and one sync's result. Each pod's lane is worked out when asked
 * (`classificationOf`): kept for every budget it cost 5 MB at 150,000 pods, read only by a
 * budget's page.
 */
export interface PdbEvaluation extends EvaluationBase {
  kind: 'PodDisruptionBudget';
  budget: PdbView;
  /** The PDB with `status` replaced by the recomputed one: what an eviction would read after a sync. */
  synced: PdbView;
  pods: readonly PodView[];
  sync: PdbSync;
  /** What the first eviction under `synced` meets (read by every drain's first round). */
  firstEviction: FirstEviction;
}

/** A PUB as the OpenKruise controller would leave it. */
export interface PubEvaluation extends EvaluationBase {
  kind: 'PodUnavailableBudget';
  budget: PubView;
  synced: PubView;
  /** The active pods it protects. */
  pods: readonly PodView[];
  sync: PubSync;
}

export type BudgetEvaluation = PdbEvaluation | PubEvaluation;

/** What one change did to the budgets, so callers can stream it. */
export type BudgetDelta =
  | { type: 'added' | 'changed'; ref: ResourceRef; evaluation: BudgetEvaluation }
  | { type: 'removed'; ref: ResourceRef };

export interface ClusterIndexOptions {
  /** The time evaluations are made at until `evaluate(now)` or `apply(change, now)` moves it. */
  now: Date;
  /** Custom kinds the REST mapper knows (`group/Kind` → resource, /scale), beyond the built-in ones. */
  apiResources?: Readonly<Record<string, ApiResourceInfo>>;
  /**
   * Start loading: changes keep memberships current but evaluate nothing (and return no deltas)
   * until `ClusterIndex.finishLoading`, which evaluates every budget once.
   */
  loading?: boolean;
  /** What can be seen of the cluster (default: everything); `ClusterIndex.setVisibility` moves it. */
  visibility?: Visibility;
}

/**
 * A budget covering a pod, as the index holds it: its key (`refKey`) and its current evaluation
 * (undefined while loading). The index's own slot, read live: loops over every pod of a node read
 * the figures through it instead of looking each key up.
 */
export interface CoveringBudget {
  readonly key: string;
  readonly evaluation: BudgetEvaluation | undefined;
}
