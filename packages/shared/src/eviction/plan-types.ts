import type { PdbStatus, PubStatus } from '../model/budget.js';
import type { ResourceRef } from '../model/refs.js';
import type { LaneCounts } from '../index/types.js';
import type { EvictionDecision } from './decide-types.js';
import type { DrainMessage, DrainRefusal } from './drain-filters.js';
import type { DrainOptions } from './drain-options.js';

/** Where a plan starts from: the status the controller would compute now (default), or as stored. */
export type PlanStatusSource = 'recomputed' | 'stored';

/** A budget's state at some point of a plan. */
export type PlannedBudgetState =
  | {
      kind: 'PodDisruptionBudget';
      ref: ResourceRef;
      status: PdbStatus;
      counts: LaneCounts;
      syncFailed: boolean;
    }
  | {
      kind: 'PodUnavailableBudget';
      ref: ResourceRef;
      status: PubStatus;
      counts: LaneCounts;
      syncFailed: boolean;
    };

/** One eviction of a plan: what the API server would answer, and the covering budgets after it. */
export interface PlanStep {
  pod: ResourceRef;
  decision: EvictionDecision;
  /** The budgets covering the pod after the eviction and the controllers' re-sync (unchanged if refused). */
  budgetsAfter: PlannedBudgetState[];
}

/** Evictions applied in order on a copy of the cluster. */
export interface EvictionPlan {
  steps: PlanStep[];
  evicted: ResourceRef[];
  refused: ResourceRef[];
  /** Every budget a step touched, in its final state. */
  budgets: PlannedBudgetState[];
}

/** Why a pod stays on the node however long the drain waits (its evictions keep answering 429). */
export type BlockReason =
  | 'budget-allows-no-disruption'
  | 'unmanaged-pods'
  | 'unhealthy-pods-elsewhere'
  | 'replacement-pending'
  | 'status-stale'
  | 'sync-failed'
  | 'other';

export interface BlockedPod {
  pod: ResourceRef;
  /** The budget that refuses it. */
  budget?: ResourceRef;
  /** Every budget covering it. */
  budgets: ResourceRef[];
  reason: BlockReason;
  /**
   * `never`: no sequence of recoveries frees it with the budgets as they are (a budget must
   * change). `until`: it goes once the pods in `waitsFor` are Ready.
   */
  outlook: 'never' | 'until';
  /** The pods (or pending replacements) whose readiness would free it; empty when `never`. */
  waitsFor: ResourceRef[];
  /** For people: what stands in the way and what would unblock it. */
  explanation: string;
  /** The API server's last answer (a 429). */
  decision: EvictionDecision;
}

/**
 * A pod whose eviction was answered with something other than 429 (403 from a webhook, 500 for
 * several PodDisruptionBudgets, …): kubectl does not retry it, reports the error and exits 1.
 */
export interface FailedPod {
  pod: ResourceRef;
  /** The round whose answer failed it. */
  round: number;
  budgets: ResourceRef[];
  /** kubectl's line: `error when evicting pods/"x" -n "ns": <message>`. */
  message: string;
  explanation: string;
  decision: EvictionDecision;
}

export interface SkippedPod {
  pod: ResourceRef;
  /** As `kubectl drain` leaves them: DaemonSet pods (`--ignore-daemonsets`) and mirror (static) pods. */
  reason: 'daemonset' | 'mirror';
}

/** An evicted pod and the replacement its controller creates: bound to a node, or Pending. */
export interface AwaitedReplacement {
  evicted: ResourceRef;
  replacement: ResourceRef;
  /** The node the scheduler binds it to; absent when no node can take it. */
  node?: string;
  /** Why it stays Pending: kube-scheduler's `0/N nodes are available: …`. */
  pending?: string;
}

/** A replacement that stays Pending, and the budgets it keeps used up (what stays blocked by it). */
export interface PendingReplacement {
  evicted: ResourceRef;
  replacement: ResourceRef;
  reason: string;
  budgets: ResourceRef[];
  /** Pods of the node still blocked by a budget this replacement belongs to. */
  blocks: ResourceRef[];
}

/** One pass over the pods still on the node. */
export interface DrainRound {
  round: number;
  steps: PlanStep[];
  evicted: ResourceRef[];
  /** Pods whose answer this round was not 429: kubectl gives up on them. */
  failed: ResourceRef[];
  /**
   * Before this round the drain waited for the pods evicted in the previous round to be replaced
   * elsewhere and the replacements to become Ready. Empty for round 1.
   */
  waitedFor: AwaitedReplacement[];
}

/**
 * What `kubectl drain` does: `completes` (exit 0); `refused` before evicting anything (a filter);
 * `fails` (some evictions answered neither 201 nor 429: exit 1 once the rest are done); `stuck`
 * (some pods keep answering 429: it waits until --timeout). `unknown`: the visible pods would
 * complete (or stop only on pods whose answer depends on what is not visible), but the node may
 * hold pods that are not visible, or its pods' budgets are not.
 */
export type DrainVerdict = 'completes' | 'refused' | 'fails' | 'stuck' | 'unknown';

export interface DrainPlan {
  node: string;
  /** The options the plan assumed. */
  options: DrainOptions;
  /**
   * False when the cluster holds no Node objects (a snapshot of pods only): replacements are then
   * assumed to fit on any other node its pods name, since taints, labels and capacity are unknown.
   */
  schedulingChecked: boolean;
  verdict: DrainVerdict;
  /** Why kubectl refuses the node before evicting anything; empty unless `refused`. */
  refusals: DrainRefusal[];
  /** kubectl's warnings (pods it ignores or deletes by force). */
  warnings: DrainMessage[];
  rounds: DrainRound[];
  evicted: ResourceRef[];
  skipped: SkippedPod[];
  /** Pods kubectl gives up on (non-429 answers). */
  failed: FailedPod[];
  /** Pods still on the node at the fixed point, answering 429 however long the drain waits. */
  blocked: BlockedPod[];
  /** Replacements no node can take: they stay Pending and keep their budgets used up. */
  pending: PendingReplacement[];
  /** True when the verdict is `completes`. */
  complete: boolean;
  /** Every budget the drain touched, in its final state. */
  budgets: PlannedBudgetState[];
  /**
   * What the plan cannot see, in words (the index's visibility): pods of namespaces not visible,
   * budgets not visible, budgets whose recovery is not known, nodes not visible (then replacements
   * are assumed to fit). Absent when everything is visible.
   */
  unseen?: string[];
}
