import type { ClusterIndex } from '../index/cluster-index.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import { podWith } from '../model/pod-with.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import { explainBlocked } from '../eviction/drain-blocked.js';
import { budgetRefsForPod, evictInPlan } from '../eviction/plan.js';
import { PodMap, samePod } from '../eviction/pod-map.js';
import { PlanState, type PlanOverrides } from '../eviction/plan-state.js';
import type { PlanStep } from '../eviction/plan-types.js';
import { kubectlPodFilter, refusalText } from '../eviction/drain-filters.js';
import { CapacityLedger } from '../scheduling/ledger.js';
import { newReplacement, workloadKeyOf } from './replacement.js';
import { describeStall } from './stall.js';
import {
  KUBECTL_RETRY_SECONDS,
  type StuckPod,
  type UpgradeDrainOptions,
  type UpgradeForecast,
  type UpgradeStep,
  type UpgradeStrategy,
  type UpgradeTimings,
} from './types.js';

export interface ForecastUpgradeInput {
  index: ClusterIndex;
  /** The pool's nodes, in upgrade order. */
  nodes: readonly string[];
  strategy: UpgradeStrategy;
  drain: UpgradeDrainOptions;
  timings: UpgradeTimings;
  now: Date;
  /** What-if changes (the fixes); the index is never changed. */
  overrides?: PlanOverrides;
  /** Ready pods that exist in the what-if (a workload scaled up), with their budgets. */
  extraPods?: readonly { pod: PodView; budgets: readonly ResourceRef[]; original?: PodView }[];
}

const podRef = (p: { namespace: string; name: string }): ResourceRef => ({
  kind: 'Pod',
  namespace: p.namespace,
  name: p.name,
});

/** Upgraded nodes take the pool's shape (labels, taints, capacity), schedulable and Ready. */
function upgradedNode(template: NodeView | undefined, name: string): NodeView {
  return {
    kind: 'Node',
    name,
    uid: `upgraded-${name}`,
    resourceVersion: '',
    labels: { ...(template?.labels ?? {}), 'kubernetes.io/hostname': name },
    unschedulable: false,
    ready: true,
    taints: template?.taints ?? [],
    conditions: [{ type: 'Ready', status: 'True' }],
    capacity: template?.capacity ?? {},
    allocatable: template?.allocatable ?? {},
  };
}

const plainNode = (name: string): NodeView => upgradedNode(undefined, name);

export const upgradedNodeName = (node: string): string => `${node}-upgraded`;
export const surgeNodeName = (pool: readonly string[], i: number): string =>
  `${pool[0] ?? 'node'}-surge-${i + 1}`;

interface Awaited {
  pod: PodView;
  budgets: ResourceRef[];
  /** Undefined while no node can take it. */
  readyAt?: number;
}

/**
 * The world of the forecast: the plan's copy-on-write budgets and pods, where each pod runs, the
 * replacements on their way to Ready, and the scheduler's view of the nodes.
 */
class UpgradeWorld {
  readonly state: PlanState;
  /** The scheduler: what each node has left to give (requests vs allocatable), and its load. */
  readonly ledger: CapacityLedger;
  /** Pods the forecast bound to each node (replacements), by node name. */
  private readonly added = new Map<string, PodView[]>();
  readonly awaiting: Awaited[] = [];
  private serial = 0;

  constructor(private readonly input: ForecastUpgradeInput) {
    this.state = new PlanState(input.index, input.now, 'recomputed', input.overrides ?? {});
    // A snapshot may name nodes only through its pods: they count as plain schedulable nodes.
    const nodes = input.index.nodeNames().map((name) => input.index.node(name) ?? plainNode(name));
    this.ledger = CapacityLedger.of({ nodes, podsOnNode: (name) => input.index.podsOnNode(name) });
    // Replacements never go to a cordoned node, even one they tolerate.
    for (const node of nodes) if (node.unschedulable) this.ledger.close(node.name);
    for (const extra of input.extraPods ?? []) {
      const placed = this.place(extra.pod);
      if (placed === undefined) {
        // No node has room for it: Pending, as the scheduler leaves it, and healthy for no budget
        // until a node (a surge node, an upgraded one) takes it and it becomes Ready.
        const pending = podWith(extra.pod, { phase: 'Pending', ready: false });
        this.state.addPod(pending, extra.budgets, extra.original);
        this.awaiting.push({ pod: pending, budgets: [...extra.budgets] });
      } else {
        const pod = podWith(extra.pod, { nodeName: placed });
        this.state.addPod(pod, extra.budgets, extra.original);
        this.addTo(placed, pod);
      }
      for (const b of extra.budgets) this.state.resync(b);
    }
  }

  private addTo(node: string, pod: PodView): void {
    const list = this.added.get(node);
    if (list) list.push(pod);
    else this.added.set(node, [pod]);
  }

  /** A pod's newer version takes its place on its node, so the older one can be collected. */
  private replaceAdded(before: PodView, after: PodView): void {
    const list = before.nodeName === undefined ? undefined : this.added.get(before.nodeName);
    const i = list ? list.indexOf(before) : -1;
    if (list && i >= 0) list[i] = after;
  }

  podsOn(node: string): PodView[] {
    // An evicted pod is deleted in the plan (a StatefulSet's is there again, as its replacement).
    const base = this.input.index.podsOnNode(node).filter((p) => this.state.pod(p) !== undefined);
    const added: PodView[] = [];
    for (const p of this.added.get(node) ?? []) {
      const current = this.state.pod(p);
      if (current !== undefined) added.push(current);
    }
    return [...base, ...added];
  }

  readySeconds(pod: PodView): number {
    const key = workloadKeyOf(pod);
    const t = this.input.timings;
    const measured = key === undefined ? undefined : t.readySecondsByWorkload.get(key);
    return measured ?? t.defaultReadySeconds;
  }

  /** An evicted pod is gone; its controller's replacement is scheduled (or waits for a node). */
  evicted(
    pod: PodView,
    node: string,
    at: number,
  ): { pod: ResourceRef; node?: string; readySeconds: number } | undefined {
    const budgets = budgetRefsForPod(this.state, pod);
    this.ledger.release(pod.scheduling, node);
    this.state.remove(pod, undefined, budgets);
    const replacement = newReplacement(pod, this.input.now, ++this.serial);
    if (replacement) this.state.addPod(replacement, budgets, pod);
    if (!samePod(replacement ?? pod, pod)) this.state.forget(pod, budgets);
    for (const b of budgets) this.state.resync(b);
    if (!replacement) return undefined;
    const waiting: Awaited = { pod: replacement, budgets };
    this.awaiting.push(waiting);
    return this.schedule(waiting, at);
  }

  /** Binds the pod to the emptiest node it fits, using up that node's capacity. */
  private place(pod: PodView): string | undefined {
    return this.ledger.bindSomewhere(pod.scheduling);
  }

  cordon(node: string): void {
    this.ledger.cordon(node);
    this.ledger.close(node);
  }

  private schedule(w: Awaited, at: number) {
    const node = this.place(w.pod);
    if (node === undefined) return { pod: podRef(w.pod), readySeconds: 0 };
    const ready = this.readySeconds(w.pod);
    w.readyAt = at + ready;
    w.pod = podWith(w.pod, { nodeName: node });
    this.state.updatePod(w.pod, w.budgets);
    this.addTo(node, w.pod);
    return { pod: podRef(w.pod), node, readySeconds: ready };
  }

  /** Replacements waiting for a node get one if a node now fits. */
  schedulePending(at: number): void {
    for (const w of this.awaiting) if (w.readyAt === undefined) this.schedule(w, at);
  }

  nextReady(after: number): number | undefined {
    let next: number | undefined;
    for (const w of this.awaiting) {
      if (w.readyAt !== undefined && w.readyAt >= after && (next === undefined || w.readyAt < next))
        next = w.readyAt;
    }
    return next;
  }

  /** Replacements Ready by `at` become Ready pods of their budgets. */
  becomeReady(at: number): void {
    const touched = new Map<string, ResourceRef>();
    for (let i = this.awaiting.length - 1; i >= 0; i--) {
      const w = this.awaiting[i];
      if (w === undefined || w.readyAt === undefined || w.readyAt > at) continue;
      const ready = podWith(w.pod, { phase: 'Running', ready: true });
      this.state.updatePod(ready, w.budgets);
      this.replaceAdded(w.pod, ready);
      for (const b of w.budgets) touched.set(refKey(b), b);
      this.awaiting.splice(i, 1);
    }
    for (const b of touched.values()) this.state.resync(b);
  }

  /** Replacements no node can take, among those of these budgets. */
  pendingFor(budgets: readonly ResourceRef[]): ResourceRef[] {
    const keys = new Set(budgets.map(refKey));
    return this.awaiting
      .filter((w) => w.readyAt === undefined && w.budgets.some((b) => keys.has(refKey(b))))
      .map((w) => podRef(w.pod));
  }

  joinNode(view: NodeView): void {
    this.ledger.addNode(view);
  }
}

interface DrainOutcome {
  step: UpgradeStep;
  stuck: StuckPod[];
}

/** One batch: cordon, kubectl's filters, then evictions with 429 retries as budgets recover. */
function drainBatch(
  world: UpgradeWorld,
  input: ForecastUpgradeInput,
  batch: string[],
  step: number,
  start: number,
): DrainOutcome {
  for (const node of batch) world.cordon(node);
  const stuck: StuckPod[] = [];
  let remaining: { pod: PodView; node: string }[] = [];
  for (const node of batch) {
    for (const pod of world.podsOn(node)) {
      const filter = kubectlPodFilter(pod, input.drain);
      if (filter.action === 'skip') continue;
      if (filter.action === 'error') {
        const text = refusalText({
          filter: filter.filter,
          message: filter.message,
          pods: [podRef(pod)],
          flag: filter.flag,
        });
        stuck.push({
          pod: podRef(pod),
          node,
          reason: 'kubectl-refuses',
          budgets: [],
          httpStatus: 0,
          explanation: `kubectl refuses the node before evicting anything: cannot delete ${text}.`,
          flag: filter.flag,
        });
      } else remaining.push({ pod, node });
    }
  }
  const result: UpgradeStep = {
    step,
    nodes: batch,
    startSeconds: start,
    endSeconds: start,
    evicted: [],
    replacements: [],
    retries: 0,
    completed: false,
  };
  if (stuck.length > 0) return { step: result, stuck };
  let t = start;
  const last = new PodMap<PlanStep>();
  for (;;) {
    const next: typeof remaining = [];
    for (const r of remaining) {
      const current = world.state.pod(r.pod) ?? r.pod;
      const attempt = evictInPlan(world.state, current, { dryRun: false, now: input.now });
      last.set(r.pod, attempt);
      if (attempt.decision.allowed) {
        result.evicted.push(podRef(r.pod));
        const placed = world.evicted(current, r.node, t);
        if (placed) result.replacements.push(placed);
      } else if (attempt.decision.code === 429) next.push(r);
      else stuck.push(stuckFrom(world, attempt, r.node));
    }
    remaining = next;
    if (remaining.length === 0) break;
    const ready = world.nextReady(t);
    if (ready === undefined) break;
    // kubectl asks again every 5 s: the first retry at or after the replacement is Ready.
    const waits = Math.max(1, Math.ceil((ready - t) / KUBECTL_RETRY_SECONDS));
    t += waits * KUBECTL_RETRY_SECONDS;
    result.retries += remaining.length * waits;
    world.becomeReady(t);
  }
  for (const r of remaining) {
    const attempt = last.get(r.pod);
    if (attempt) stuck.push(stuckFrom(world, attempt, r.node));
  }
  result.endSeconds = t;
  result.completed = stuck.length === 0;
  return { step: result, stuck };
}

function stuckFrom(world: UpgradeWorld, attempt: PlanStep, node: string): StuckPod {
  const budgets = budgetRefsForPod(world.state, attempt.pod);
  const { decision } = attempt;
  const base = { pod: attempt.pod, node, budgets, httpStatus: decision.httpStatus };
  const blocked = explainBlocked(world.state, attempt, budgets);
  // The engine's rule, not the status code: a 403 may also be a PDB's negative allowance.
  if (decision.rule === 'multiple-pdbs')
    return { ...base, reason: 'multiple-budgets', explanation: blocked.explanation };
  if (decision.rule === 'kruise-denied')
    return { ...base, reason: 'webhook-denied', explanation: blocked.explanation };
  const pending = world.pendingFor(budgets);
  if (pending.length > 0) {
    return {
      ...base,
      reason: 'replacement-unschedulable',
      pendingReplacements: pending,
      // A pending pod is a replacement (its budget never gets back the disruption it allowed) or a
      // scaled-up pod (it never adds to the healthy): either way it never becomes Ready.
      explanation: `No schedulable node can take ${pending.map((p) => p.name).join(', ')}, so ${pending.length === 1 ? 'it never becomes' : 'they never become'} Ready and ${budgets.map((b) => b.name).join(', ')} refuses this pod (429) for ever.`,
    };
  }
  return { ...base, reason: 'no-disruption-allowed', explanation: blocked.explanation };
}

/**
 * Forecasts a rolling upgrade of `nodes` on a copy of the cluster, step by step: surge nodes join;
 * each batch of `maxUnavailable` nodes is cordoned and drained as kubectl would (its filters, 429
 * retried every 5 s while replacements become Ready, 403 and 500 not retried), replacements are
 * scheduled onto schedulable nodes (never a cordoned one), the drained nodes are replaced by
 * upgraded ones, and the next batch starts. Stops at the first batch whose drain cannot finish.
 */
export function forecastUpgrade(input: ForecastUpgradeInput): UpgradeForecast {
  const world = new UpgradeWorld(input);
  const template = input.nodes[0] === undefined ? undefined : input.index.node(input.nodes[0]);
  const surgeNodes: string[] = [];
  for (let i = 0; i < input.strategy.maxSurge; i++) {
    const name = surgeNodeName(input.nodes, i);
    world.joinNode(upgradedNode(template, name));
    surgeNodes.push(name);
  }
  world.schedulePending(0);
  const size = Math.max(1, input.strategy.maxUnavailable);
  const steps: UpgradeStep[] = [];
  let t = 0;
  const base = {
    nodes: [...input.nodes],
    strategy: input.strategy,
    drain: input.drain,
    surgeNodes,
    readiness: {
      defaultSeconds: input.timings.defaultReadySeconds,
      measuredWorkloads: input.timings.readySecondsByWorkload.size,
    },
  };
  for (let at = 0; at < input.nodes.length; at += size) {
    const batch = input.nodes.slice(at, at + size);
    const { step, stuck } = drainBatch(world, input, batch, steps.length + 1, t);
    steps.push(step);
    if (stuck.length > 0) {
      return {
        ...base,
        verdict: 'stalls',
        steps,
        durationSeconds: step.endSeconds,
        stall: describeStall(step.step, batch, stuck),
      };
    }
    t = step.endSeconds + input.timings.nodeReplaceSeconds;
    step.endSeconds = t;
    for (const node of batch)
      world.joinNode(upgradedNode(input.index.node(node), upgradedNodeName(node)));
    world.schedulePending(t);
    world.becomeReady(t);
  }
  return { ...base, verdict: 'completes', steps, durationSeconds: t };
}
