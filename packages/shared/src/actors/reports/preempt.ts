import {
  nonCandidateReasons,
  preempt,
  preemptionClusterFromIndex,
  rankCandidates,
  whyLost,
  type Candidate,
  type CandidateScore,
  type PreemptionContext,
  type ReasonCount,
} from '../preemption/index.js';
import { podFromObject } from '../../model/convert.js';
import { nsName } from '../../model/refs.js';
import { SYSTEM_PRIORITY_CLASSES } from '../../model/priority-class.js';
import type { Result } from '../../result/index.js';
import type { ClusterIndex } from '../../index/cluster-index.js';
import type { PriorityClassView } from '../../model/priority-class.js';

/** The pending pod a preemption question is about (validated: quantities parse, not negative). */
export interface PreemptRequest {
  /** `spec.priority`; absent: the class's value. */
  priority?: number;
  priorityClassName?: string;
  /** The pod's namespace; absent: `default`. */
  namespace?: string;
  /** Quantities as written (`500m`, `2Gi`). */
  cpu?: string;
  memory?: string;
  nodeSelector: Readonly<Record<string, string>>;
  /** Absent: the class's policy, else PreemptLowerPriority. */
  preemptionPolicy?: 'Never' | 'PreemptLowerPriority';
}

/** What a preemption question reads: the index and the cluster's PriorityClasses. */
export interface PreemptionInput {
  index: ClusterIndex;
  priorityClasses: readonly PriorityClassView[];
  /** The PDB status read: recomputed now (what the scheduler's lister holds once synced) or stored. */
  statusSource: 'recomputed' | 'stored';
  /** What the errors call the input: `the snapshot`, `the cluster`. */
  where: string;
}

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
  /** Why the chosen node beat this one: the first of the scheduler's criteria it lost on. */
  lostBecause?: string;
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
    metadata: { name: 'preemptor', namespace: request.namespace ?? 'default' },
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

function candidateRow(
  ctx: PreemptionContext,
  c: Candidate,
  lost?: { chosen: CandidateScore; score: CandidateScore },
): CandidateRow {
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
    ...(lost ? { lostBecause: whyLost(lost.chosen, lost.score) } : {}),
  };
}

/**
 * Runs the scheduler's preemption for the pod the flags describe, through the engine functions
 * the oracle runs; a PriorityClass the snapshot lacks, or a priority its class would refuse, is a
 * usage error.
 */
export function preemptReport(
  input: PreemptionInput,
  request: PreemptRequest,
): Result<PreemptReport> {
  const classes = [...SYSTEM_PRIORITY_CLASSES, ...input.priorityClasses];
  const nodes = input.index.counts().nodes;
  const named = request.priorityClassName;
  const pc = named === undefined ? undefined : classes.find((c) => c.name === named);
  if (named !== undefined && pc === undefined)
    return { ok: false, error: `${input.where} has no PriorityClass ${JSON.stringify(named)}` };
  if (pc && request.priority !== undefined && pc.value !== request.priority)
    return {
      ok: false,
      error: `--priority ${request.priority} is not PriorityClass ${pc.name}'s value ${pc.value}: the Priority admission plugin would refuse the pod`,
    };
  if (nodes === 0)
    return {
      ok: false,
      error: `${input.where} has no Node objects, and preemption needs them`,
    };
  const converted = pendingPod(request);
  if (!converted.ok) return converted;
  const preemptor = converted.value;
  const outcome = preempt(
    preemptionClusterFromIndex(input.index, {
      classes: input.priorityClasses,
      statusSource: input.statusSource,
    }),
    preemptor,
  );
  const ctx = outcome.context;
  const helps = outcome.fits.length === 0;
  const ranked = helps ? rankCandidates(ctx, outcome.dryRun?.candidates ?? []) : [];
  // The chosen node comes first: it is the first of the best, as SelectCandidate takes it.
  const chosen = helps ? outcome.chosen : undefined;
  const chosenRow = chosen && candidateRow(ctx, chosen);
  const best = ranked[0];
  return {
    ok: true,
    value: {
      pod: {
        priority: ctx.priority,
        ...(named !== undefined ? { priorityClassName: named } : {}),
        ...(request.namespace !== undefined ? { namespace: request.namespace } : {}),
        preemptionPolicy:
          request.preemptionPolicy ??
          (pc?.preemptionPolicy === 'Never' ? 'Never' : 'PreemptLowerPriority'),
        requests: {
          ...(request.cpu !== undefined ? { cpu: request.cpu } : {}),
          ...(request.memory !== undefined ? { memory: request.memory } : {}),
        },
        nodeSelector: request.nodeSelector,
      },
      nodes,
      fits: [...outcome.fits],
      eligible: outcome.eligibility.eligible,
      chosenNode: chosen?.node ?? null,
      victims: chosenRow?.victims ?? [],
      violatedPdbs: [...new Set(chosen?.violations.map((v) => nsName(v.pdb)) ?? [])].sort(),
      candidates: ranked.map((r, i) =>
        candidateRow(
          ctx,
          r.candidate,
          i > 0 && best ? { chosen: best.score, score: r.score } : undefined,
        ),
      ),
      notCandidates: helps ? nonCandidateReasons(outcome) : [],
      message: helps ? outcome.status.message : '',
    },
  };
}
