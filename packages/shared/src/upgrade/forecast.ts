import type { ClusterView } from '../index/view.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import { explainBlocked } from '../eviction/drain-blocked.js';
import { budgetRefsForPod, evictInPlan } from '../eviction/plan.js';
import { PodMap } from '../eviction/pod-map.js';
import type { PlanOverrides } from '../eviction/plan-state.js';
import type { PlanStep } from '../eviction/plan-types.js';
import { kubectlPodFilter, refusalText } from '../eviction/drain-filters.js';
import { forceDelete, providerFailure, quarantine, quarantineFailure } from './deadline.js';
import { describeStall } from './stall.js';
import {
  KUBECTL_RETRY_SECONDS,
  type ForcedDeletion,
  type ProviderRules,
  type QuarantinedNode,
  type StuckPod,
  type UpgradeDrainOptions,
  type UpgradeForecast,
  type UpgradeStep,
  type UpgradeStrategy,
  type UpgradeTimings,
} from './types.js';
import { podRef, upgradedNode, UpgradeWorld } from './world.js';

export interface ForecastUpgradeInput {
  index: ClusterView;
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
  /** A managed provider's timeout and what it does then; absent: kubectl, which waits for ever. */
  provider?: ProviderRules;
}

export const upgradedNodeName = (node: string): string => `${node}-upgraded`;
export const surgeNodeName = (pool: readonly string[], i: number): string =>
  `${pool[0] ?? 'node'}-surge-${i + 1}`;

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
  // A managed provider gives up on the batch this long after it started (kubectl: never).
  const deadline = start + (input.provider?.drainTimeoutSeconds ?? Number.POSITIVE_INFINITY);
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
  if (stuck.length > 0) {
    if (Number.isFinite(deadline)) result.endSeconds = deadline;
    return { step: result, stuck };
  }
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
    if (t + waits * KUBECTL_RETRY_SECONDS > deadline) break;
    t += waits * KUBECTL_RETRY_SECONDS;
    result.retries += remaining.length * waits;
    world.becomeReady(t);
  }
  for (const r of remaining) {
    const attempt = last.get(r.pod);
    if (attempt) stuck.push(stuckFrom(world, attempt, r.node));
  }
  if (stuck.length > 0 && Number.isFinite(deadline)) {
    // The provider goes on asking until its timeout; replacements Ready by then count.
    result.retries += remaining.length * Math.floor((deadline - t) / KUBECTL_RETRY_SECONDS);
    t = deadline;
    world.becomeReady(t);
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

/** A batch the provider gave up on: what it did, recorded in the forecast's lists. */
function atTimeout(
  world: UpgradeWorld,
  rules: ProviderRules,
  out: { step: UpgradeStep; stuck: StuckPod[] },
  record: { forced: ForcedDeletion[]; quarantined: QuarantinedNode[] },
): void {
  const timedOut = { rules, ...out };
  if (rules.atTimeout === 'delete-pods') record.forced.push(forceDelete(world, timedOut));
  else record.quarantined.push(...quarantine(world, timedOut));
}

/**
 * Forecasts a rolling upgrade of `nodes` on a copy of the cluster, step by step: surge nodes join;
 * each batch of `maxUnavailable` nodes is cordoned and drained as kubectl would (its filters, 429
 * retried every 5 s while replacements become Ready, 403 and 500 not retried), replacements are
 * scheduled onto schedulable nodes (never a cordoned one), the drained nodes are replaced by
 * upgraded ones, and the next batch starts. Stops at the first batch whose drain cannot finish.
 *
 * With a managed provider's rules, a batch still holding pods at its drain timeout is not a stall:
 * the provider deletes them and goes on (`forces`), fails the upgrade there (`fails`), or leaves
 * the undrainable nodes cordoned and goes on without them (AKS's Cordon: `fails` at the end). With
 * an infinite timeout the forecast is kubectl's.
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
  const record = { forced: [] as ForcedDeletion[], quarantined: [] as QuarantinedNode[] };
  const rules = input.provider;
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
      if (!rules || !Number.isFinite(rules.drainTimeoutSeconds)) {
        return {
          ...base,
          verdict: 'stalls',
          steps,
          durationSeconds: step.endSeconds,
          stall: describeStall(step.step, batch, stuck),
        };
      }
      if (rules.atTimeout === 'fail') {
        const failure = providerFailure(world, { rules, step, stuck });
        return { ...base, verdict: 'fails', steps, durationSeconds: step.endSeconds, failure };
      }
      atTimeout(world, rules, { step, stuck }, record);
    }
    const upgraded = batch.filter((node) => !step.quarantined?.includes(node));
    t = step.endSeconds + (upgraded.length > 0 ? input.timings.nodeReplaceSeconds : 0);
    step.endSeconds = t;
    for (const node of upgraded)
      world.joinNode(upgradedNode(input.index.node(node), upgradedNodeName(node)));
    world.schedulePending(t);
    world.becomeReady(t);
  }
  if (rules && record.quarantined.length > 0) {
    const failure = quarantineFailure({
      quarantined: record.quarantined,
      surgeNodes: surgeNodes.length,
      timeoutSeconds: rules.drainTimeoutSeconds,
      endSeconds: t,
    });
    const { quarantined } = record;
    return { ...base, verdict: 'fails', steps, durationSeconds: t, failure, quarantined };
  }
  if (record.forced.length > 0)
    return { ...base, verdict: 'forces', steps, durationSeconds: t, forced: record.forced };
  return { ...base, verdict: 'completes', steps, durationSeconds: t };
}
