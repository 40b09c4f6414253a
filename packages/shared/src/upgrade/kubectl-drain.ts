import { kubectlPodFilter } from '../eviction/drain-filters.js';
import type { PodView } from '../model/pod.js';
import type { UpgradeDrainOptions } from './types.js';

/** What `kubectl drain` does with a pod before evicting anything, as its pod filters decide. */
export type DrainFilter =
  | { action: 'evict' }
  | { action: 'skip'; reason: 'daemonset' | 'mirror' }
  | { action: 'refuse'; message: string; option: keyof UpgradeDrainOptions };

/** kubectl's drain filters (k8s.io/kubectl/pkg/drain/filters.go), as the drain planner runs them. */
export function drainFilter(pod: PodView, options: UpgradeDrainOptions): DrainFilter {
  const status = kubectlPodFilter(pod, options);
  if (status.action === 'error')
    return { action: 'refuse', message: `cannot delete ${status.message}`, option: status.flag };
  if (status.action === 'skip') return { action: 'skip', reason: status.reason };
  return { action: 'evict' };
}
