import type { PdbStatus } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';

/** An event the controller (or the eviction handler) would record, with Kubernetes' reason and message. */
export interface BudgetEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  /** The object the event is recorded on: the PDB, or a pod (NotDeleted, MultiplePodDisruptionBudgets). */
  object: ResourceRef;
}

/** One controller whose scale contributes to `expectedPods`. */
export interface ExpectedController {
  kind: string;
  name: string;
  uid: string;
  replicas: number;
}

/**
 * Where `expectedPods` came from: the distinct controllers of the selected pods (maxUnavailable or a
 * percentage minAvailable), the number of selected pods (integer minAvailable), or nothing (neither set).
 * `unmanagedPods` names the selected pods without a controller, which add nothing to `expectedPods`.
 */
export type ExpectedSource =
  | { kind: 'controllers'; controllers: ExpectedController[]; unmanagedPods: string[] }
  | { kind: 'pod-count'; unmanagedPods: string[] }
  | { kind: 'none'; unmanagedPods: string[] };

/** The result of one disruption-controller sync of one PDB. */
export interface PdbSync {
  /**
   * The status the controller writes. On failure (failSafe) it is the previous status with
   * `disruptionsAllowed: 0` and the DisruptionAllowed condition False/SyncFailed.
   */
  status: PdbStatus;
  syncFailed: boolean;
  /** The sync error text when `syncFailed`. */
  error?: string;
  events: BudgetEvent[];
  /** When a disruptedPods entry will expire: the PDB must be synced again after this many seconds. */
  recheckAfterSeconds?: number;
  expected: ExpectedSource;
}

/** How one selected pod counts for its budget. */
export type PodLane = 'available' | 'unavailable' | 'disrupted';

/** Why a pod is in its lane, for machines (filters, badges); `reason` says it for people. */
export type PodLaneCode =
  | 'Ready'
  | 'NotReady'
  | 'Pending'
  | 'Succeeded'
  | 'Failed'
  | 'Terminating'
  | 'Disrupted'
  | 'UnavailableLabel'
  | 'Updating';

export interface PodClassification {
  pod: PodView;
  lane: PodLane;
  code: PodLaneCode;
  /** Why, for people: `Ready`, `not Ready`, `terminating`, `in disruptedPods since …`. */
  reason: string;
}

/** The code of a pod that is not Ready (or not Running): its phase when that says more. */
export function notReadyCode(pod: PodView): PodLaneCode {
  return pod.phase === 'Pending' || pod.phase === 'Succeeded' || pod.phase === 'Failed'
    ? pod.phase
    : 'NotReady';
}
