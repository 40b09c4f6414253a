import type { ClusterView } from '../index/view.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import { CapacityLedger } from '../scheduling/ledger.js';
import { explainBlocked, explainFailed } from './drain-blocked.js';
import { selectPodsForDrain } from './drain-filters.js';
import { KUBECTL_DRAIN_DEFAULTS, type DrainOptions } from './drain-options.js';
import { replacementFor } from './drain-replacement.js';
import { budgetRefsForPod, evictInPlan } from './plan.js';
import { PlanState } from './plan-state.js';
import { unseenReason } from '../visibility/visibility.js';
import { nodesUnseen, verdictAsFarAsVisible } from './node-unseen.js';
import type {
  AwaitedReplacement,
  DrainPlan,
  DrainRound,
  DrainVerdict,
  FailedPod,
  PendingReplacement,
  PlanStatusSource,
  PlanStep,
} from './plan-types.js';

export interface PlanDrainInput {
  index: ClusterView;
  node: string;
  now: Date;
  /** kubectl's flags; each one absent takes kubectl's default (false, no selector). */
  options?: Partial<DrainOptions>;
  statusSource?: PlanStatusSource;
  /**
   * Go on from this state (a forecast drains node after node on one copy); default a fresh copy
   * of the index. It is changed by the plan.
   */
  state?: PlanState;
  /**
   * The nodes' free capacity, where replacements are placed; default from the index. The drained
   * node is cordoned in it. It is changed by the plan.
   */
  ledger?: CapacityLedger;
  /** Safety stop; each round evicts at least one pod, so a node's pod count is always enough. */
  maxRounds?: number;
}

const podRef = (p: PodView): ResourceRef => ({ kind: 'Pod', namespace: p.namespace, name: p.name });
const podKey = (p: { namespace: string; name: string }): string => `${p.namespace}/${p.name}`;

/**
 * The free capacity of every node of the index, as the scheduler counts it. A snapshot without
 * Node objects still names nodes in its pods: those are taken as Ready, untainted and unbounded,
 * so that only the drained node's own cordon keeps a replacement off it.
 */
export function ledgerOf(index: ClusterView): CapacityLedger {
  const known = [...index.nodes()];
  const nodes: NodeView[] =
    known.length > 0
      ? known
      : index.nodeNames().map((name) => ({
          kind: 'Node',
          name,
          uid: '',
          resourceVersion: '',
          labels: { 'kubernetes.io/hostname': name },
          unschedulable: false,
          ready: true,
          taints: [],
          conditions: [],
          capacity: {},
          allocatable: {},
        }));
  return CapacityLedger.of({ nodes, podsOnNode: (n) => index.podsOnNode(n) });
}

/** An eviction kubectl counts as done: accepted, or the pod is already gone (404). */
const done = (step: PlanStep): boolean => step.decision.allowed || step.decision.code === 404;
/** kubectl retries only 429 Too Many Requests; any other refusal fails the pod at once. */
const retried = (step: PlanStep): boolean => step.decision.code === 429;

/**
 * `kubectl drain NODE` planned on a copy of the cluster: cordon; pick the pods as kubectl's filters
 * do (refusing the node before any eviction when one says so); then rounds: evict every pod that
 * is allowed (cumulatively), give up on pods answered neither 201 nor 429, let the evicted pods'
 * replacements be scheduled (Ready where a node can take them, Pending otherwise), try the 429s
 * again; stop when a round evicts nothing.
 */
export function planDrain(input: PlanDrainInput): DrainPlan {
  const { index, node, now } = input;
  const options: DrainOptions = { ...KUBECTL_DRAIN_DEFAULTS, ...input.options };
  const state = input.state ?? new PlanState(index, now, input.statusSource ?? 'recomputed');
  const selection = selectPodsForDrain(state.podsOnNode(node), options);
  const unseen = nodesUnseen(index, [node]);
  const base = {
    node,
    options,
    schedulingChecked:
      unseenReason(index.visibility, 'nodes') === undefined &&
      (index.node(node) !== undefined || [...index.nodes()].length > 0),
    refusals: selection.refusals,
    warnings: selection.warnings,
    skipped: selection.skipped.map((s) => ({ pod: podRef(s.pod), reason: s.reason })),
    ...(unseen.texts.length > 0 ? { unseen: unseen.texts } : {}),
  };
  if (selection.refusals.length > 0) {
    // kubectl has cordoned the node before it refuses: a shared ledger (an upgrade's) says so.
    input.ledger?.cordon(node);
    return {
      ...base,
      verdict: 'refused',
      rounds: [],
      evicted: [],
      failed: [],
      blocked: [],
      pending: [],
      complete: false,
      budgets: [],
    };
  }
  // Built only now: every node's capacity and the cluster's pods, not worth it for a refusal.
  const ledger = input.ledger ?? ledgerOf(index);
  ledger.cordon(node);
  let remaining = selection.toEvict;
  const rounds: DrainRound[] = [];
  const failed: FailedPod[] = [];
  const lastStep = new Map<string, PlanStep>();
  const pendingFor = new Map<string, { awaited: AwaitedReplacement; budgets: ResourceRef[] }>();
  let waitedFor: AwaitedReplacement[] = [];
  const maxRounds = input.maxRounds ?? remaining.length + 1;
  for (let round = 1; remaining.length > 0 && round <= maxRounds; round++) {
    const steps = remaining.map((pod) => evictInPlan(state, pod, { dryRun: false, now }));
    const evicted: PodView[] = [];
    const retry: PodView[] = [];
    const failedNow: ResourceRef[] = [];
    remaining.forEach((pod, i) => {
      const step = steps[i];
      if (!step) return;
      lastStep.set(podKey(pod), step);
      if (done(step)) evicted.push(pod);
      else if (retried(step)) retry.push(pod);
      else {
        failedNow.push(podRef(pod));
        failed.push(explainFailed(state, step, round, budgetRefsForPod(state, pod)));
      }
    });
    rounds.push({ round, steps, evicted: evicted.map(podRef), failed: failedNow, waitedFor });
    remaining = retry;
    if (evicted.length === 0 || remaining.length === 0) break;
    waitedFor = [];
    const touched = new Map<string, ResourceRef>();
    for (const pod of evicted) {
      const budgets = budgetRefsForPod(state, pod);
      const replacement = replacementFor(pod, { now, ledger });
      state.remove(pod, replacement?.pod, budgets);
      if (pod.nodeName !== undefined) ledger.release(pod.scheduling, pod.nodeName);
      if (replacement) {
        const awaited: AwaitedReplacement = {
          evicted: podRef(pod),
          replacement: podRef(replacement.pod),
          ...(replacement.pod.nodeName !== undefined ? { node: replacement.pod.nodeName } : {}),
          ...(replacement.pending !== undefined ? { pending: replacement.pending } : {}),
        };
        waitedFor.push(awaited);
        if (replacement.pending !== undefined)
          pendingFor.set(podKey(replacement.pod), { awaited, budgets });
      }
      for (const b of budgets) touched.set(refKey(b), b);
    }
    for (const b of touched.values()) state.resync(b);
  }
  const blocked = remaining.flatMap((pod) => {
    const step = lastStep.get(podKey(pod));
    if (!step) return [];
    return [
      explainBlocked(state, step, budgetRefsForPod(state, pod), {
        isPendingReplacement: (p) => pendingFor.has(podKey(p)),
      }),
    ];
  });
  const pending: PendingReplacement[] = [...pendingFor.values()].map(({ awaited, budgets }) => {
    const keys = new Set(budgets.map(refKey));
    return {
      evicted: awaited.evicted,
      replacement: awaited.replacement,
      reason: awaited.pending ?? '',
      budgets,
      blocks: blocked.filter((b) => b.budget && keys.has(refKey(b.budget))).map((b) => b.pod),
    };
  });
  const seen: DrainVerdict =
    blocked.length > 0 ? 'stuck' : failed.length > 0 ? 'fails' : 'completes';
  const verdict = verdictAsFarAsVisible({
    verdict: seen,
    unseen,
    stoppedBy: [...blocked.map((b) => b.pod), ...failed.map((f) => f.pod)],
  });
  return {
    ...base,
    verdict,
    rounds,
    evicted: rounds.flatMap((r) => r.evicted),
    failed,
    blocked,
    pending,
    complete: verdict === 'completes',
    budgets: state.touched(),
  };
}
