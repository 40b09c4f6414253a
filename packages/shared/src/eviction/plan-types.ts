import type { PdbStatus, PubStatus } from '../model/budget.js';
import type { ResourceRef } from '../model/refs.js';
import type { LaneCounts } from '../index/types.js';
import type { EvictionDecision } from './decide-types.js';

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

/** Why a pod stays on the node however long the drain waits. */
export type BlockReason =
  | 'multiple-pdbs'
  | 'budget-allows-no-disruption'
  | 'unhealthy-pods-elsewhere'
  | 'status-stale'
  | 'sync-failed'
  | 'pub-denied'
  | 'other';

export interface BlockedPod {
  pod: ResourceRef;
  /** The budget that refuses it (none for `multiple-pdbs`: see `budgets`). */
  budget?: ResourceRef;
  /** Every budget covering it. */
  budgets: ResourceRef[];
  reason: BlockReason;
  /** For people: what stands in the way and what would unblock it. */
  explanation: string;
  /** The API server's last answer. */
  decision: EvictionDecision;
}

export interface SkippedPod {
  pod: ResourceRef;
  /** As `kubectl drain` skips them: DaemonSet pods (`--ignore-daemonsets`) and mirror (static) pods. */
  reason: 'daemonset' | 'mirror';
}

/** An evicted pod and the (assumed) replacement its controller creates on another node. */
export interface AwaitedReplacement {
  evicted: ResourceRef;
  replacement: ResourceRef;
}

/** One pass over the pods still on the node. */
export interface DrainRound {
  round: number;
  steps: PlanStep[];
  evicted: ResourceRef[];
  /**
   * Before this round the drain waited for the pods evicted in the previous round to be replaced
   * elsewhere and the replacements to become Ready. Empty for round 1.
   */
  waitedFor: AwaitedReplacement[];
}

export interface DrainPlan {
  node: string;
  rounds: DrainRound[];
  evicted: ResourceRef[];
  skipped: SkippedPod[];
  /** Pods still on the node at the fixed point: no amount of waiting evicts them. */
  blocked: BlockedPod[];
  /** True when every pod that is not skipped could be evicted. */
  complete: boolean;
  /** Every budget the drain touched, in its final state. */
  budgets: PlannedBudgetState[];
}
