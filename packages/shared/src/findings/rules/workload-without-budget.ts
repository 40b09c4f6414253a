import type { WorkloadView } from '../../model/workload.js';
import { refOf } from '../../overlaps/live.js';
import { finding, topWorkloadOf } from '../context.js';
import type { Finding, FindingRule } from '../types.js';

/** Replicated workloads (replicas > 1) none of whose pods any budget protects. One pass over the pods. */
export const workloadWithoutBudget: FindingRule = (ctx) => {
  const seen = new Map<string, { workload: WorkloadView; pods: number; covered: number }>();
  for (const pod of ctx.pods) {
    const w = topWorkloadOf(pod, ctx.workloadsByUid);
    if (!w || (w.replicas ?? 0) <= 1) continue;
    let entry = seen.get(w.uid);
    if (!entry) seen.set(w.uid, (entry = { workload: w, pods: 0, covered: 0 }));
    entry.pods++;
    if (ctx.isCovered(pod)) entry.covered++;
  }
  const out: Finding[] = [];
  for (const { workload: w, pods, covered } of seen.values()) {
    if (covered > 0) continue;
    out.push(
      finding({
        kind: 'workload-without-budget',
        severity: 'info',
        object: refOf(w),
        message: `${w.kind} ${w.namespace}/${w.name} runs ${w.replicas ?? 0} replicas (${pods} pod(s)) and no disruption budget covers them: a drain may evict all of them at once.`,
        remedy: `Add a PodDisruptionBudget selecting its pods, e.g. maxUnavailable: 1.`,
      }),
    );
  }
  return out;
};
