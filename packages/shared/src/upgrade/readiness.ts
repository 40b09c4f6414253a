import type { PodView } from '../model/pod.js';
import { workloadKeyOf } from './replacement.js';

/**
 * How long each workload's pods take to become Ready, as the cluster tells it: the median of its
 * Ready pods' start time → Ready transition. Workloads with no such pod are absent (the forecast
 * uses its stated default for them).
 */
export function readinessFromPods(pods: Iterable<PodView>): Map<string, number> {
  const samples = new Map<string, number[]>();
  for (const pod of pods) {
    if (pod.startupSeconds === undefined) continue;
    const key = workloadKeyOf(pod);
    if (key === undefined) continue;
    const list = samples.get(key);
    if (list) list.push(pod.startupSeconds);
    else samples.set(key, [pod.startupSeconds]);
  }
  const out = new Map<string, number>();
  for (const [key, list] of samples) {
    list.sort((a, b) => a - b);
    const mid = Math.floor(list.length / 2);
    const median =
      list.length % 2 === 1 ? (list[mid] ?? 0) : ((list[mid - 1] ?? 0) + (list[mid] ?? 0)) / 2;
    out.set(key, median);
  }
  return out;
}
