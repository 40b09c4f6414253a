import type { PubStatus, PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { BudgetEvent, PodLane, PodLaneCode } from '../budgets/types.js';

/** One reconcile of the OpenKruise PodUnavailableBudget controller. */
export interface PubSync {
  /** The status it writes; on `error` the previous status (the reconcile returned the error). */
  status: PubStatus;
  error?: string;
  /** A problem that leaves the PUB protecting nothing without failing the reconcile (a selector that does not convert). */
  warning?: string;
  /** The active pods the PUB protects (selector or targetRef), which the counters are computed over. */
  pods: PodView[];
  /** Each protected pod's lane, consistent with `currentAvailable`. */
  classification: PubPodClassification[];
  /** NoPods, CalculateExpectedPodCountFailed (on the PUB) and NotDeleted (on a pod), as the controller records them. */
  events: BudgetEvent[];
  /** Seconds until the earliest disruptedPods/unavailablePods entry expires. */
  recheckAfterSeconds?: number;
}

export interface PubPodClassification {
  pod: PodView;
  lane: PodLane;
  code: PodLaneCode;
  reason: string;
}

export type PubOperation = 'DELETE' | 'EVICT' | 'UPDATE' | 'RESIZE';

/** The kruise pod webhook's answer (`PodUnavailableBudgetValidatePod`) for one pod operation. */
export interface PubAdmission {
  allowed: boolean;
  /** 200 when allowed, 403 when denied (an AdmissionResponse result). */
  code: number;
  /** `Forbidden` when denied; empty when allowed. */
  reason: string;
  /** The denial text, e.g. `podunavailablebudget.policy.kruise.io "web" is forbidden: pub unavailable allowed is negative`. */
  message?: string;
  /** Why it was allowed without consuming budget (e.g. `pod not available`), for display. */
  bypass?: string;
  /** The PUB status written (budget consumed, pod recorded); absent when nothing is written (dry run, bypass, denial). */
  pubAfter?: PubView;
}
