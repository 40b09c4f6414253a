import type { PodView } from '../model/pod.js';

/** Owners whose pods are not replicated workloads a budget should protect. */
const UNBUDGETED_OWNER_KINDS: ReadonlySet<string> = new Set([
  'Job',
  'CronJob',
  'DaemonSet',
  'Node',
]);

/**
 * Whether a pod belongs to a replicated workload and so ought to be under some budget: bare pods,
 * Job and DaemonSet pods and static (Node-owned) pods are not counted as "pods with no budget".
 */
export function podExpectsBudget(pod: PodView): boolean {
  return pod.controller !== undefined && !UNBUDGETED_OWNER_KINDS.has(pod.controller.kind);
}
