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

/** Who runs the upgrade: kubectl drain (waits for ever), or a managed provider with a timeout. */
export type UpgradeProviderName = 'kubectl' | 'gke' | 'eks' | 'aks';
export type ManagedProvider = Exclude<UpgradeProviderName, 'kubectl'>;

/** What a managed provider does with a batch whose drain outlasts its timeout. */
export type TimeoutAction = 'delete-pods' | 'fail' | 'quarantine';

/** The managed provider's rules the forecast follows (absent: kubectl's, waiting for ever). */
export interface ProviderRules {
  provider: ManagedProvider;
  /** Seconds a batch's drain may last before the provider acts (Infinity: for ever). */
  drainTimeoutSeconds: number;
  atTimeout: TimeoutAction;
  /** maxSurge is a setting of the provider's (GKE, AKS; EKS surges by zone instead). */
  surgeSetting: boolean;
  /** Surge nodes drain old nodes too: maxSurge + maxUnavailable nodes at a time (GKE, AKS). */
  surgeDrains: boolean;
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
  /** Pods a managed provider deleted at its drain timeout, despite their budgets. */
  forced?: ResourceRef[];
  /** Nodes AKS quarantined at its drain timeout (undrainable node behaviour Cordon). */
  quarantined?: string[];
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

/**
 * A managed provider gave up on a batch at its drain timeout and deleted the pods still on it
 * (GKE's surge upgrade, EKS's update with force): the disruption their budgets were there to stop.
 */
export interface ForcedDeletion {
  step: number;
  nodes: string[];
  /** Seconds since the upgrade started when the pods were deleted. */
  atSeconds: number;
  /** How long the provider waited for them: its drain timeout. */
  afterSeconds: number;
  /** The pods deleted, each with why it could not be evicted before. */
  pods: StuckPod[];
  /** Each budget over them right after the deletion: healthy pods against what it requires. */
  budgets: { budget: ResourceRef; healthy: number; required: number }[];
  summary: string;
}

/** A node AKS could not drain in time and cordoned instead (undrainable node behaviour Cordon). */
export interface QuarantinedNode {
  step: number;
  node: string;
  atSeconds: number;
  /** The label AKS puts on it. */
  label: string;
  pods: StuckPod[];
  /** The drain failure, as AKS words it (with its PDB debug info). */
  message: string;
}

/** The upgrade ends in a failed state: the provider gave up (EKS, AKS). */
export interface UpgradeFailure {
  provider: 'eks' | 'aks';
  /**
   * The provider's error code (EKS `PodEvictionFailure`, AKS `UpgradeFailed`), or with AKS's Cordon
   * behaviour the state the operation ends in (`Failed`, or `Canceled` when fewer surge nodes
   * than quarantined ones are left to replace them).
   */
  code: string;
  message: string;
  step: number;
  /** The node it failed on (with Cordon: the first quarantined one). */
  node: string;
  /** Every node it gave up on (EKS's `resourceIds`; with Cordon the quarantined nodes). */
  nodes: string[];
  atSeconds: number;
  /** The pods that would not leave those nodes. */
  pods: StuckPod[];
  budgets: ResourceRef[];
}

export type UpgradeVerdict = 'completes' | 'stalls' | 'fails' | 'forces';

export interface UpgradeForecast {
  /**
   * `completes`; `stalls` (kubectl waits for ever); `fails` (the provider gives up: `failure`);
   * `forces` (the provider deletes protected pods and completes: `forced`).
   */
  verdict: UpgradeVerdict;
  nodes: string[];
  strategy: UpgradeStrategy;
  drain: UpgradeDrainOptions;
  steps: UpgradeStep[];
  /** Seconds until the last node is replaced, or until the stall. */
  durationSeconds: number;
  stall?: UpgradeStall;
  /** For `forces`: each batch whose protected pods the provider deleted. */
  forced?: ForcedDeletion[];
  /** For `fails`. */
  failure?: UpgradeFailure;
  /** AKS with undrainable node behaviour Cordon: the nodes left cordoned, not upgraded. */
  quarantined?: QuarantinedNode[];
  surgeNodes: string[];
  /** Readiness times used, and where each came from. */
  readiness: { defaultSeconds: number; measuredWorkloads: number };
}
