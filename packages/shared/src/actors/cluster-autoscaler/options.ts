import type { Result } from '../../result/index.js';
import { parseGoDuration } from '../go/duration.js';

/**
 * The Cluster Autoscaler flags that shape drainability (`options.NodeDeleteOptions`). A managed
 * autoscaler (GKE, EKS add-ons) may run with other values than the defaults: they are parameters.
 */
export interface NodeDeleteOptions {
  /** `--skip-nodes-with-system-pods`: registers the System rule. */
  skipNodesWithSystemPods: boolean;
  /** `--skip-nodes-with-local-storage`: registers the LocalStorage rule. */
  skipNodesWithLocalStorage: boolean;
  /**
   * `--skip-nodes-with-custom-controller-pods`: registers ReplicaCount and narrows Replicated to
   * the built-in controller kinds.
   */
  skipNodesWithCustomControllerPods: boolean;
  /** `--min-replica-count`. */
  minReplicaCount: number;
  /** `--blocking-system-pod-distruption-timeout` (sic), in nanoseconds. */
  bspDisruptionTimeoutNs: bigint;
}

/** config/flags/flags.go's defaults. */
export const CLUSTER_AUTOSCALER_DEFAULTS: Readonly<NodeDeleteOptions> = Object.freeze({
  skipNodesWithSystemPods: true,
  skipNodesWithLocalStorage: true,
  skipNodesWithCustomControllerPods: true,
  minReplicaCount: 0,
  bspDisruptionTimeoutNs: 3_600_000_000_000n,
});

/** The options as written (flags, a scenario): booleans, a count, a Go duration. */
export interface NodeDeleteOptionsInput {
  skipNodesWithSystemPods?: boolean;
  skipNodesWithLocalStorage?: boolean;
  skipNodesWithCustomControllerPods?: boolean;
  minReplicaCount?: number;
  bspDisruptionTimeout?: string;
}

/** The defaults with what is given put over them; a malformed duration is an error as data. */
export function nodeDeleteOptions(input: NodeDeleteOptionsInput = {}): Result<NodeDeleteOptions> {
  const d = CLUSTER_AUTOSCALER_DEFAULTS;
  let timeout = d.bspDisruptionTimeoutNs;
  if (input.bspDisruptionTimeout !== undefined) {
    const parsed = parseGoDuration(input.bspDisruptionTimeout);
    if (!parsed.ok) return parsed;
    timeout = parsed.value;
  }
  return {
    ok: true,
    value: {
      skipNodesWithSystemPods: input.skipNodesWithSystemPods ?? d.skipNodesWithSystemPods,
      skipNodesWithLocalStorage: input.skipNodesWithLocalStorage ?? d.skipNodesWithLocalStorage,
      skipNodesWithCustomControllerPods:
        input.skipNodesWithCustomControllerPods ?? d.skipNodesWithCustomControllerPods,
      minReplicaCount: input.minReplicaCount ?? d.minReplicaCount,
      bspDisruptionTimeoutNs: timeout,
    },
  };
}
