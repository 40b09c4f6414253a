import {
  nonCandidateReasons,
  preempt,
  preemptionClusterFromIndex,
  rankCandidates,
  type Candidate,
  type PreemptionContext,
  type ReasonCount,
} from '../actors/preemption/index.js';
import { podFromObject } from '../model/convert.js';
import { nsName } from '../model/refs.js';
import { SYSTEM_PRIORITY_CLASSES } from '../model/priority-class.js';
import type { Result } from '../result/index.js';
import type { LoadedCluster } from './cluster.js';
import type { PreemptCommand, PreemptRequest } from './preempt-args.js';

export interface VictimRow {
  namespace: string;
  name: string;
  priority: number;
  startTime?: string;
  /** The PodDisruptionBudget (`namespace/name`) this victim takes below zero. */
  violates?: string;
}

export interface CandidateRow {
  node: string;
  victims: VictimRow[];
  numPdbViolations: number;
  highestVictimPriority: number;
}

/** `pdbscope preempt`'s answer; `--json` prints it as is. */
export interface PreemptReport {
  pod: {
    priority: number;
    priorityClassName?: string;
    preemptionPolicy: 'Never' | 'PreemptLowerPriority';
    requests: { cpu?: string; memory?: string };
    nodeSelector: Readonly<Record<string, string>>;
  };
  nodes: number;
  /** Nodes where the pod fits as they are: it is bound there and nobody is preempted. */
  fits: string[];
  eligible: boolean;
  /** The node the scheduler nominates; null when it preempts nothing. */
  chosenNode: string | null;
  victims: VictimRow[];
  /** The budgets the chosen node's victims violate (`namespace/name`). */
  violatedPdbs: string[];
  /** Every candidate found, best first (the chosen node first). */
  candidates: CandidateRow[];
  /** Why the other nodes are no candidates, counted as the scheduler's histogram counts them. */
  notCandidates: ReasonCount[];
  /** PostFilter's status message when it nominates nobody. */
  message: string;
}

/** The pending pod as a Pod object, read by the model's converter like any other. */
function pendingPod(request: PreemptRequest) {
  const requests = { cpu: request.cpu, memory: request.memory };
  return podFromObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'preemptor', namespace: 'default' },
    spec: {
      priority: request.priority,
      priorityClassName: request.priorityClassName,
      preemptionPolicy: request.preemptionPolicy,
      nodeSelector: request.nodeSelector,
      containers: [{ name: 'main', resources: { requests } }],
    },
    status: { phase: 'Pending' },
  });
}

function candidateRow(ctx: PreemptionContext, c: Candidate): CandidateRow {
  const violated = new Map(c.violations.map((v) => [v.pod, nsName(v.pdb)]));
  return {
    node: c.node,
    victims: c.victims.map((pod) => {
      const violates = violated.get(pod);
      return {
        namespace: pod.namespace,
        name: pod.name,
        priority: ctx.rank(pod).priority,
        ...(pod.startTime !== undefined ? { startTime: pod.startTime } : {}),
        ...(violates !== undefined ? { violates } : {}),
      };
    }),
    numPdbViolations: c.numPdbViolations,
    highestVictimPriority: c.victims[0] ? ctx.rank(c.victims[0]).priority : 0,
  };
}

/**
 * Runs the scheduler's preemption for the pod the flags describe, through the engine functions
 * the oracle runs; a PriorityClass the snapshot lacks, or a priority its class would refuse, is a
 * usage error.
 */
export function preemptReport(
  cluster: LoadedCluster,
  command: PreemptCommand,
): Result<PreemptReport> {
  const { pod: request } = command;
  const classes = [...SYSTEM_PRIORITY_CLASSES, ...cluster.snapshot.priorityClasses];
  const named = request.priorityClassName;
  const pc = named === undefined ? undefined : classes.find((c) => c.name === named);
  if (named !== undefined && pc === undefined)
    return { ok: false, error: `the snapshot has no PriorityClass ${JSON.stringify(named)}` };
  if (pc && request.priority !== undefined && pc.value !== request.priority)
    return {
      ok: false,
      error: `--priority ${request.priority} is not PriorityClass ${pc.name}'s value ${pc.value}: the Priority admission plugin would refuse the pod`,
    };
  if (cluster.snapshot.nodes.length === 0)
    return {
      ok: false,
      error:
        'the snapshot has no Node objects, and preemption needs them (add nodes to the kubectl get)',
    };
  const converted = pendingPod(request);
  if (!converted.ok) return converted;
  const preemptor = converted.value;
  const outcome = preempt(
    preemptionClusterFromIndex(cluster.index, {
      classes: cluster.snapshot.priorityClasses,
      statusSource: command.statusSource,
    }),
    preemptor,
  );
  const ctx = outcome.context;
  const helps = outcome.fits.length === 0;
  const ranked = helps ? rankCandidates(ctx, outcome.dryRun?.candidates ?? []) : [];
  // The chosen node comes first: it is the first of the best, as SelectCandidate takes it.
  const chosen = helps ? outcome.chosen : undefined;
  const chosenRow = chosen && candidateRow(ctx, chosen);
  return {
    ok: true,
    value: {
      pod: {
        priority: ctx.priority,
        ...(named !== undefined ? { priorityClassName: named } : {}),
        preemptionPolicy:
          request.preemptionPolicy ??
          (pc?.preemptionPolicy === 'Never' ? 'Never' : 'PreemptLowerPriority'),
        requests: {
          ...(request.cpu !== undefined ? { cpu: request.cpu } : {}),
          ...(request.memory !== undefined ? { memory: request.memory } : {}),
        },
        nodeSelector: request.nodeSelector,
      },
      nodes: cluster.snapshot.nodes.length,
      fits: [...outcome.fits],
      eligible: outcome.eligibility.eligible,
      chosenNode: chosen?.node ?? null,
      victims: chosenRow?.victims ?? [],
      violatedPdbs: [...new Set(chosen?.violations.map((v) => nsName(v.pdb)) ?? [])].sort(),
      candidates: ranked.map((r) => candidateRow(ctx, r.candidate)),
      notCandidates: helps ? nonCandidateReasons(outcome) : [],
      message: helps ? outcome.status.message : '',
    },
  };
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
