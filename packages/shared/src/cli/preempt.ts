import type { Result } from '../result/index.js';
import {
  preemptReport as report,
  type PreemptReport,
  type VictimRow,
} from '../actors/reports/preempt.js';
import type { LoadedCluster } from './cluster.js';
import type { PreemptCommand } from './preempt-args.js';

export type { PreemptReport };

/** `pdbscope preempt`'s report on a snapshot; a class it lacks, or no nodes, is a usage error. */
export function preemptReport(
  cluster: LoadedCluster,
  command: PreemptCommand,
): Result<PreemptReport> {
  if (cluster.snapshot.nodes.length === 0)
    return {
      ok: false,
      error:
        'the snapshot has no Node objects, and preemption needs them (add nodes to the kubectl get)',
    };
  return report(
    {
      index: cluster.index,
      priorityClasses: cluster.snapshot.priorityClasses,
      statusSource: command.statusSource,
      where: 'the snapshot',
    },
    command.pod,
  );
}

/** 0 when the pod is placed without breaking a budget; 3 when preemption would, or cannot help. */
export function preemptExitCode(report: PreemptReport): 0 | 3 {
  if (report.fits.length > 0) return 0;
  return report.chosenNode !== null && report.violatedPdbs.length === 0 ? 0 : 3;
}

const SHOWN_CANDIDATES = 10;

function podLine(report: PreemptReport): string {
  const { pod } = report;
  const asks = [
    pod.requests.cpu !== undefined ? `cpu ${pod.requests.cpu}` : '',
    pod.requests.memory !== undefined ? `memory ${pod.requests.memory}` : '',
  ].filter((s) => s !== '');
  const selector = Object.entries(pod.nodeSelector).map(([k, v]) => `${k}=${v}`);
  return [
    `A pending pod of priority ${pod.priority}`,
    pod.priorityClassName !== undefined ? ` (PriorityClass ${pod.priorityClassName})` : '',
    asks.length > 0 ? `, requesting ${asks.join(', ')}` : ', requesting nothing',
    selector.length > 0 ? `, nodeSelector ${selector.join(',')}` : '',
    `, preemptionPolicy ${pod.preemptionPolicy}, on ${report.nodes} node(s):`,
  ].join('');
}

const victimLine = (v: VictimRow): string =>
  `  ${v.namespace}/${v.name}  priority ${v.priority}${v.startTime !== undefined ? `, started ${v.startTime}` : ', not started'}${v.violates !== undefined ? `  — violates PodDisruptionBudget ${v.violates}` : ''}`;

/** The report for people: where the pod goes, who is deleted for it, and why not elsewhere. */
export function formatPreempt(report: PreemptReport): string {
  const lines = [podLine(report)];
  if (report.fits.length > 0) {
    const shown = report.fits.slice(0, SHOWN_CANDIDATES).join(', ');
    lines.push(
      `It fits on ${report.fits.length} node(s) as they are (${shown}${report.fits.length > SHOWN_CANDIDATES ? ', …' : ''}): the scheduler binds it there and preempts nobody.`,
    );
    return lines.join('\n') + '\n';
  }
  if (report.chosenNode === null) {
    lines.push(`kube-scheduler preempts nobody (${JSON.stringify(report.message)}).`);
  } else {
    lines.push(
      `kube-scheduler nominates ${report.chosenNode} and deletes ${report.victims.length} pod(s) there (a delete, not an eviction: no budget can refuse it):`,
    );
    for (const v of report.victims) lines.push(victimLine(v));
    lines.push(
      report.violatedPdbs.length === 0
        ? 'No PodDisruptionBudget is violated.'
        : `PodDisruptionBudgets violated: ${report.violatedPdbs.join(', ')}.`,
    );
    const others = report.candidates.slice(1);
    if (others.length > 0) {
      lines.push(`Other candidates, best first (${others.length}):`);
      others
        .slice(0, SHOWN_CANDIDATES)
        .forEach((c, i) =>
          lines.push(
            `  ${i + 2}. ${c.node}: ${c.victims.length} victim(s), ${c.numPdbViolations} PDB violation(s), highest victim priority ${c.highestVictimPriority}`,
          ),
        );
      if (others.length > SHOWN_CANDIDATES)
        lines.push(`  … and ${others.length - SHOWN_CANDIDATES} more (--json lists them all)`);
    }
  }
  if (report.notCandidates.length > 0) {
    const n = report.notCandidates.reduce((sum, r) => sum + r.nodes, 0);
    lines.push(
      `Not candidates (${n} of ${report.nodes} node(s)): ${report.notCandidates.map((r) => `${r.nodes} ${r.reason}`).join(', ')}.`,
    );
  }
  return lines.join('\n') + '\n';
}
