import type { Budget, PdbStatus, PubStatus } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import type { FieldError } from '../validation/field-error.js';
import type { OverlapGroupReport } from '../overlaps/groups.js';
import type { BudgetUnseen, Visibility } from '../visibility/types.js';

export type Severity = 'error' | 'warning' | 'info';

/** Every kind of finding the catalogue knows; each rule emits one or two of these. */
export type FindingKind =
  | 'never-allows-disruption'
  | 'selector-matches-no-pod'
  | 'unmanaged-pods'
  | 'unhealthy-pods-block-drain'
  | 'stale-status'
  | 'disrupted-pod-not-cleared'
  | 'pods-under-multiple-budgets'
  | 'workload-without-budget'
  | 'job-pods-selected'
  | 'invalid-spec'
  | 'sync-failed'
  | 'status-differs'
  | 'kruise-conflict'
  | 'role-pods-uncovered'
  | 'generated-budget-overlap'
  | 'related-pub-missing'
  | 'unreadable-object';

/** One problem, with who it is about, what to do, and the other objects involved. */
export interface Finding {
  /** Stable across runs: kind + object (+ detail), usable as a key. */
  id: string;
  kind: FindingKind;
  severity: Severity;
  object: ResourceRef;
  message: string;
  remedy: string;
  related?: ResourceRef[];
}

/** The engine's recomputation of a budget (syncPdb's PdbSync or syncPub's result fit this shape). */
export type Recomputed =
  | {
      status: PdbStatus;
      syncFailed: boolean;
      error?: string;
      /** Where expectedPods came from; `unmanagedPods` are selected pods without a controller. */
      expected?: { kind: string; unmanagedPods: readonly string[] };
    }
  | { status: PubStatus; syncFailed?: undefined; error?: string };

/** What the index knows of one budget, cheaply: its selection, recomputed status and validation. */
export interface BudgetFacts {
  budget: Budget;
  /** The pods the budget selects, as the index keeps them. */
  pods: readonly PodView[];
  /** Absent when it is not known (see `unseen`) or was not worked out. */
  recomputed?: Recomputed;
  /** validatePdb / validatePub output: field errors, or admission messages for PUBs. */
  validation: readonly (FieldError | string)[];
  /**
   * What its figures cannot know (its pods, its recomputed status), when something they read is
   * not visible: no finding is drawn from what is missing.
   */
  unseen?: BudgetUnseen;
}

export interface FindingsInput {
  /** Time is a parameter: entries are "old" relative to this. */
  now: Date;
  budgets: readonly BudgetFacts[];
  /** Every pod, for the coverage rules (workloads and operator roles without a budget); read once. */
  pods: Iterable<PodView>;
  workloads: readonly WorkloadView[];
  overlaps: OverlapGroupReport;
  /**
   * What can be seen (default: everything): where budgets are not visible, no pod is said to be
   * without a budget.
   */
  visibility?: Visibility;
}

/** A rule of the catalogue: a small pure function of the (pre-indexed) input. */
export type FindingRule = (ctx: FindingsContext) => Finding[];

/** The input plus lookups built once per evaluation and shared by rules. */
export interface FindingsContext extends FindingsInput {
  /**
   * Every pod whose budgets are visible (the coverage rules' pods), read once (the input may be a
   * one-shot iterable).
   */
  readonly pods: readonly PodView[];
  /** Whether at least one budget selects the pod. */
  readonly isCovered: (pod: { namespace: string; name: string }) => boolean;
  /** Workloads by UID, to walk pod → ReplicaSet → Deployment. */
  readonly workloadsByUid: ReadonlyMap<string, WorkloadView>;
}
