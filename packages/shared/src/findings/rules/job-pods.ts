import { refOf } from '../../overlaps/live.js';
import { finding, namesList, somePods } from '../context.js';
import type { FindingRule } from '../types.js';

/**
 * Job pods under a budget: Jobs have no scale subresource (maxUnavailable or a percentage then fails
 * the sync), and finished Job pods stay selected (an integer minAvailable counts them as expected).
 */
export const jobPodsSelected: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    const jobPods = facts.pods.filter((p) => p.controller?.kind === 'Job');
    if (jobPods.length === 0) return [];
    const b = facts.budget;
    const jobs = [...new Set(jobPods.map((p) => p.controller?.name ?? ''))];
    return [
      finding({
        kind: 'job-pods-selected',
        severity: 'warning',
        object: refOf(b),
        message: `${b.kind} ${b.namespace}/${b.name} selects ${jobPods.length} pod(s) of Job(s) ${namesList(jobs)}: Jobs have no scale, and completed Job pods stay selected and skew the budget.`,
        remedy:
          "Narrow the selector to the long-running workload's pods (e.g. add its app.kubernetes.io/component label).",
        related: somePods(jobPods),
      }),
    ];
  });
