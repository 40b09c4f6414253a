import type { ClusterIndex } from '../index/cluster-index.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import { rfc3339 } from '../budgets/time.js';
import { explainBlocked } from './drain-blocked.js';
import { budgetRefsForPod, evictInPlan } from './plan.js';
import { PlanState } from './plan-state.js';
import type {
  AwaitedReplacement,
  DrainPlan,
  DrainRound,
  PlanStatusSource,
  PlanStep,
  SkippedPod,
} from './plan-types.js';

export interface PlanDrainInput {
  index: ClusterIndex;
  node: string;
  now: Date;
  statusSource?: PlanStatusSource;
  /** Safety stop; each round evicts at least one pod, so a node's pod count is always enough. */
  maxRounds?: number;
}

const podRef = (p: PodView): ResourceRef => ({ kind: 'Pod', namespace: p.namespace, name: p.name });

/** As `kubectl drain --ignore-daemonsets` skips them. Mirror pods are owned by their Node. */
function skipReason(pod: PodView): SkippedPod['reason'] | undefined {
  if (pod.controller?.kind === 'DaemonSet') return 'daemonset';
  if (pod.controller?.kind === 'Node') return 'mirror';
  return undefined;
}

/**
 * The pod its controller creates elsewhere once an evicted pod is gone, assumed Ready there. Bare
 * pods, finished pods and pods already terminating are not replaced; a StatefulSet recreates the
 * same name.
 */
function replacementFor(pod: PodView, now: Date): PodView | undefined {
  if (!pod.controller || pod.phase === 'Succeeded' || pod.phase === 'Failed') return undefined;
  // A pod already terminating was replaced when its deletion began; the replacement is in the index.
  if (pod.deletionTimestamp !== undefined) return undefined;
  // Drop what belonged to the old pod: its node, deletion, waiting reason, disruption condition.
  const {
    nodeName: _n,
    deletionTimestamp: _d,
    waitingReason: _w,
    disruptionTarget: _t,
    ...rest
  } = pod;
  return {
    ...rest,
    name: pod.controller.kind === 'StatefulSet' ? pod.name : `${pod.name}-replacement`,
    uid: `${pod.uid}-replacement`,
    resourceVersion: '',
    creationTimestamp: rfc3339(now),
    phase: 'Running',
    ready: true,
    restartCount: 0,
  };
}

/**
 * A node drain planned in rounds on a copy of the cluster: evict every pod that is allowed
 * (cumulatively); let the evicted pods go and their controllers' replacements become Ready on other
 * nodes; try the rest again; stop when a round evicts nothing. What is left is blocked for good,
 * each pod with the budget and the reason.
 */
export function planDrain(input: PlanDrainInput): DrainPlan {
  const { index, node, now } = input;
  const state = new PlanState(index, now, input.statusSource ?? 'recomputed');
  const skipped: SkippedPod[] = [];
  let remaining: PodView[] = [];
  for (const pod of index.podsOnNode(node)) {
    const reason = skipReason(pod);
    if (reason) skipped.push({ pod: podRef(pod), reason });
    else remaining.push(pod);
  }
  const rounds: DrainRound[] = [];
  const lastStep = new Map<string, PlanStep>();
  let waitedFor: AwaitedReplacement[] = [];
  const maxRounds = input.maxRounds ?? remaining.length + 1;
  for (let round = 1; remaining.length > 0 && round <= maxRounds; round++) {
    const steps = remaining.map((pod) => evictInPlan(state, pod, { dryRun: false, now }));
    const evicted: PodView[] = [];
    remaining.forEach((pod, i) => {
      const step = steps[i];
      if (!step) return;
      lastStep.set(`${pod.namespace}/${pod.name}`, step);
      if (step.decision.allowed) evicted.push(pod);
    });
    rounds.push({ round, steps, evicted: evicted.map(podRef), waitedFor });
    if (evicted.length === 0) break;
    remaining = remaining.filter((p) => !evicted.includes(p));
    if (remaining.length === 0) break;
    waitedFor = [];
    const touched = new Map<string, ResourceRef>();
    for (const pod of evicted) {
      const budgets = budgetRefsForPod(state, pod);
      const replacement = replacementFor(pod, now);
      state.remove(pod, replacement, budgets);
      if (replacement) waitedFor.push({ evicted: podRef(pod), replacement: podRef(replacement) });
      for (const b of budgets) touched.set(`${b.kind}/${b.namespace}/${b.name}`, b);
    }
    for (const b of touched.values()) state.resync(b);
  }
  const blocked = remaining.flatMap((pod) => {
    const step = lastStep.get(`${pod.namespace}/${pod.name}`);
    return step ? [explainBlocked(state, step, budgetRefsForPod(state, pod))] : [];
  });
  return {
    node,
    rounds,
    evicted: rounds.flatMap((r) => r.evicted),
    skipped,
    blocked,
    complete: blocked.length === 0,
    budgets: state.touched(),
  };
}
