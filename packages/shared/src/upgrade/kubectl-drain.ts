import type { PodView } from '../model/pod.js';
import type { UpgradeDrainOptions } from './types.js';

/** What `kubectl drain` does with a pod before evicting anything, as its pod filters decide. */
export type DrainFilter =
  | { action: 'evict' }
  | { action: 'skip'; reason: 'daemonset' | 'mirror' }
  | { action: 'refuse'; message: string; option: keyof UpgradeDrainOptions };

const finished = (pod: PodView): boolean => pod.phase === 'Succeeded' || pod.phase === 'Failed';

/**
 * kubectl's drain filters (k8s.io/kubectl/pkg/drain/filters.go): mirror pods are skipped;
 * DaemonSet pods are skipped with --ignore-daemonsets and refuse the node without it; pods with no
 * controller refuse the node unless --force (finished pods are deleted anyway).
 */
export function drainFilter(pod: PodView, options: UpgradeDrainOptions): DrainFilter {
  if (pod.controller?.kind === 'Node') return { action: 'skip', reason: 'mirror' };
  if (pod.controller?.kind === 'DaemonSet') {
    if (options.ignoreDaemonSets) return { action: 'skip', reason: 'daemonset' };
    return {
      action: 'refuse',
      message: 'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore)',
      option: 'ignoreDaemonSets',
    };
  }
  if (pod.controller === undefined && !finished(pod) && !options.force) {
    return {
      action: 'refuse',
      message: 'cannot delete Pods that declare no controller (use --force to override)',
      option: 'force',
    };
  }
  return { action: 'evict' };
}
