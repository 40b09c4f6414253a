import type { PdbView, PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import type { EvictionFigures, EvictionRule } from './decide-rule.js';

/** `metav1.StatusCause` as JSON (`Type` serialises as `reason`). */
export interface StatusCause {
  reason: string;
  message: string;
  field?: string;
}

/** The `metav1.Status` body kube-apiserver returns for an eviction. */
export interface StatusBody {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    causes?: StatusCause[];
    retryAfterSeconds?: number;
  };
  code: number;
}

export interface EvictionOptions {
  /** `dryRun: ["All"]` on the request or in the Eviction's deleteOptions. */
  dryRun?: boolean;
  /** The pod name in the URL when it differs from the Eviction's `metadata.name` (→ 400). */
  urlName?: string;
  /** `deleteOptions.preconditions` given by the caller. */
  preconditions?: { uid?: string; resourceVersion?: string };
  /**
   * Storage faults to play (the simulated server and the oracle): the first pod delete, or every
   * pod delete, answers 409 Conflict.
   */
  faults?: { podDeleteConflict?: boolean; podDeleteAlwaysConflict?: boolean };
}

export interface DecideEvictionInput {
  namespace: string;
  podName: string;
  /** The pod as stored; undefined → 404. */
  pod: PodView | undefined;
  /** The PDBs of the pod's namespace, with their stored status (nothing is recomputed). */
  pdbs: readonly PdbView[];
  /**
   * The PUBs of the namespace. OpenKruise's pod webhook admits `pods/eviction` (EVICT) before the
   * eviction handler runs; a denial comes back as `admission webhook "<name>" denied the request: …`.
   */
  pubs?: readonly PubView[];
  options?: EvictionOptions;
  now: Date;
}

/** What `POST pods/<name>/eviction` answers, and what it writes. */
export interface EvictionDecision {
  allowed: boolean;
  /** The rule that decided, set where the decision is made. */
  rule: EvictionRule;
  /** Asked with `dryRun=All`: decided the same way, nothing written or deleted. */
  dryRun: boolean;
  /** The numbers the rule was decided on. */
  figures: EvictionFigures;
  /** The Status body's code (201 on success; 500 for "more than one PDB"). */
  code: number;
  reason: string;
  message: string;
  causes: StatusCause[];
  retryAfterSeconds?: number;
  /** Whether a PDB status write happened. */
  pdbChanged: boolean;
  podDeleted: boolean;
  /** The one PDB consulted (checked against), if any. */
  budget?: ResourceRef;
  /**
   * The PDB status after checkAndDecrement: disruptionsAllowed − 1, the condition when it hit 0, and
   * (unless dry run) disruptedPods[pod] = now. On a dry run it is what would have been written.
   */
  pdbAfter?: PdbView;
  /** The PUB as written by the kruise webhook, when it admitted the eviction with budget. */
  pubAfter?: PubView;
  /** The resourceVersion precondition the server adds to the pod delete (Pending pods, unhealthy shortcut). */
  deletePreconditionResourceVersion?: string;
  /** How many pod deletes were attempted. */
  deleteAttempts: number;
  /**
   * The HTTP status line. Equal to `code`: the request finisher turns every returned Status that is
   * not Success into an error, so "more than one PDB" is an HTTP 500.
   */
  httpStatus: number;
  status: StatusBody;
}
