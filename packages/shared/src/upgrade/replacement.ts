import { replacementPod } from '../eviction/drain-replacement.js';
import type { PodView } from '../model/pod.js';

/** The workload a pod's readiness time is looked up by: `namespace/Kind/name` of its controller. */
export function workloadKeyOf(pod: PodView): string | undefined {
  return pod.controller && `${pod.namespace}/${pod.controller.kind}/${pod.controller.name}`;
}

/** The replacement for an evicted pod, named by the forecast's running `serial`. */
export function newReplacement(pod: PodView, now: Date, serial: number): PodView | undefined {
  return replacementPod(pod, { now, suffix: `r${serial}` });
}
