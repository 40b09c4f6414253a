import type { ResourceRef } from '../model/refs.js';

/** kubectl drain's options (kubectl's defaults: all false). */
export interface UpgradeDrainOptions {
  force: boolean;
  ignoreDaemonSets: boolean;
  deleteEmptyDirData: boolean;
}

export interface UpgradeStrategy {
  /** Old nodes drained at a time (≥ 1). */
  maxUnavailable: number;
  /** Upgraded empty nodes, shaped like the pool's, that join before the first drain (≥ 0). */
  maxSurge: number;
}

/** How long things take, in seconds. */
export interface UpgradeTimings {
  /** A replacement pod's creation → Ready, per workload key (`namespace/Kind/name`). */
  readySecondsByWorkload: ReadonlyMap<string, number>;
  /** For workloads the cluster says nothing about. */
  defaultReadySeconds: number;
  /** A drained node deleted → its upgraded node Ready. */
  nodeReplaceSeconds: number;
}

/** The stated defaults: what an SRE would guess without data. */
export const DEFAULT_READY_SECONDS = 30;
export const DEFAULT_NODE_REPLACE_SECONDS = 90;
/** kubectl drain retries a 429 every 5 s. */
export const KUBECTL_RETRY_SECONDS = 5;

/** Why a pod stays on a node however long the drain waits. */
export type StallReason =
  /** kubectl refuses the node before evicting anything (bare pod, DaemonSet pod, emptyDir data). */
  | 'kubectl-refuses'
  /** 500: the pod is selected by more than one PodDisruptionBudget. */
  | 'multiple-budgets'
  /** 403: OpenKruise's webhook denies it (kubectl does not retry). */
  | 'webhook-denied'
  /** 429, and a replacement the budget waits for cannot be scheduled anywhere. */
  | 'replacement-unschedulable'
  /** 429 with nothing left to wait for: the budget allows no disruption. */
  | 'no-disruption-allowed';

export interface StuckPod {
  pod: ResourceRef;
  node: string;
  reason: StallReason;
  /** The budgets holding it. */
  budgets: ResourceRef[];
  /** HTTP status line the API server answers (0 when kubectl refuses before asking). */
  httpStatus: number;
  explanation: string;
  /** Replacements it waits for that no node can take. */
  pendingReplacements?: ResourceRef[];
  /** For `kubectl-refuses`: the drain option that lifts the refusal. */
  flag?: keyof UpgradeDrainOptions;
}

export interface UpgradeStep {
  step: number;
  nodes: string[];
  /** Seconds since the upgrade started. */
  startSeconds: number;
  endSeconds: number;
  evicted: ResourceRef[];
  /** Replacements created, with the node chosen (undefined: Pending, no node can take it). */
  replacements: { pod: ResourceRef; node?: string; readySeconds: number }[];
  /** 429 answers retried during the step. */
  retries: number;
  completed: boolean;
}

export interface UpgradeStall {
  step: number;
  node: string;
  nodes: string[];
  pods: StuckPod[];
  /** The budgets holding the stuck pods. */
  budgets: ResourceRef[];
  reasons: StallReason[];
  summary: string;
}

export interface UpgradeForecast {
  verdict: 'completes' | 'stalls';
  nodes: string[];
  strategy: UpgradeStrategy;
  drain: UpgradeDrainOptions;
  steps: UpgradeStep[];
  /** Seconds until the last node is replaced, or until the stall. */
  durationSeconds: number;
  stall?: UpgradeStall;
  surgeNodes: string[];
  /** Readiness times used, and where each came from. */
  readiness: { defaultSeconds: number; measuredWorkloads: number };
}
