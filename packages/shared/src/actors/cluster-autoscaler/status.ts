// What one drainability rule says about one pod (simulator/drainability/status.go), and the reasons
// a pod blocks scale-down (utils/drain's BlockingPodReason), by the names CA prints.

/** `drainability.OutcomeType`. */
export type DrainOutcome =
  'UndefinedOutcome' | 'DrainOk' | 'BlockDrain' | 'SkipDrain' | 'WaitForCompletion';

/** `drain.BlockingPodReason`'s names (`String()`). */
export type BlockingReason =
  | 'NoReason'
  | 'ControllerNotFound'
  | 'MinReplicasReached'
  | 'NotReplicated'
  | 'LocalStorageRequested'
  | 'NotSafeToEvictAnnotation'
  | 'UnmovableKubeSystemPod'
  | 'NotEnoughPdb'
  | 'UnexpectedError';

/** `drainability.Status`: a blocked status carries its reason and CA's error sentence. */
export interface DrainStatus {
  readonly outcome: DrainOutcome;
  /** Outcomes of later rules this status replaces (`Rules.Drainable` remembers such a status). */
  readonly overrides?: readonly DrainOutcome[];
  readonly blockingReason: BlockingReason;
  readonly error?: string;
}

// The non-blocking statuses carry nothing of the pod: one object each, shared by every pod.
export const UNDEFINED_STATUS: DrainStatus = Object.freeze({
  outcome: 'UndefinedOutcome',
  blockingReason: 'NoReason',
});
export const DRAIN_OK: DrainStatus = Object.freeze({
  outcome: 'DrainOk',
  blockingReason: 'NoReason',
});
export const SKIP_DRAIN: DrainStatus = Object.freeze({
  outcome: 'SkipDrain',
  blockingReason: 'NoReason',
});
export const WAIT_FOR_COMPLETION: DrainStatus = Object.freeze({
  outcome: 'WaitForCompletion',
  blockingReason: 'NoReason',
});

/** `drainability.NewBlockedStatus(reason, err)`. */
export const blocked = (reason: BlockingReason, error: string): DrainStatus => ({
  outcome: 'BlockDrain',
  blockingReason: reason,
  error,
});
