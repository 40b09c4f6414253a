import type { ClusterView, PodOnNode } from '../index/view.js';
import type { PodView } from '../model/pod.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import { relatedPubName } from '../pub/admit.js';
import {
  kubectlPodFilter,
  refusalText,
  selectPodsForDrain,
  type DrainRefusal,
} from './drain-filters.js';
import { quickRefusals, type RefusedNow } from './drainable-quick.js';
import { KUBECTL_DRAIN_DEFAULTS, type DrainOptions } from './drain-options.js';
import { budgetRefsForPod, evictInPlan, type BudgetReader } from './plan.js';
import { PlanState } from './plan-state.js';
import type { PlanStatusSource } from './plan-types.js';
import { isFullyVisible } from '../visibility/visibility.js';
import { nodeUnseen, someCertain, type NodeUnseen } from './node-unseen.js';

/**
 * What `kubectl drain` of a node would do right now: evict every pod without waiting
 * (`drainable`), refuse the node before any eviction (`refused`, one of kubectl's filters), or
 * leave pods whose eviction is refused now (`stuck`: a budget allowing no more disruptions, several
 * PDBs (500), a 403), which kubectl retries (429) or gives up on. `unknown`: the visible pods
 * would drain, but the node may hold pods that are not visible, or pods whose budgets are not.
 */
export type DrainableNowState = 'drainable' | 'refused' | 'stuck' | 'unknown';

export interface DrainableNow {
  state: DrainableNowState;
  /** The pods that stop it: those a filter refuses, or those whose eviction is refused now. */
  pods: ResourceRef[];
  /** The budgets holding the stuck pods (none for a refused node). */
  budgets: ResourceRef[];
  /** In words; '' when drainable. */
  reason: string;
  /**
   * What the answer cannot see, in words (the index's visibility): pods of namespaces that are not
   * visible, budgets of its pods' namespaces that are not. Absent when everything is visible.
   */
  unseen?: string[];
}

/**
 * The options an SRE drains with, hence the default: `--ignore-daemonsets --delete-emptydir-data`
 * (DaemonSet pods stay, emptyDir data is lost), without `--force` (bare pods refuse the node).
 */
export const DRAINABLE_NOW_OPTIONS: Readonly<DrainOptions> = Object.freeze({
  ...KUBECTL_DRAIN_DEFAULTS,
  ignoreDaemonSets: true,
  deleteEmptyDirData: true,
});

export interface DrainableNowInput {
  index: ClusterView;
  now: Date;
  /** Default DRAINABLE_NOW_OPTIONS; each one absent takes that default. */
  options?: Partial<DrainOptions>;
  statusSource?: PlanStatusSource;
  /**
   * `figures` (default): judge the evictions on the index's budget figures wherever that is exact
   * (quickRefusals), else on a copy of the cluster; `copy`: always on a copy, every eviction and
   * re-sync run (the reference the figures are checked against).
   */
  method?: 'figures' | 'copy';
}

const nsName = (r: ResourceRef): string => `${r.namespace}/${r.name}`;

/** No budget reads or writes its eviction: the API server deletes it without asking. */
const unbudgeted = (index: ClusterView, pod: PodView): boolean => {
  const { pdbs, pubs } = index.budgetsForPod(pod);
  return pdbs.length === 0 && pubs.length === 0 && relatedPubName(pod) === undefined;
};

function stuckReason({ pods, first }: RefusedNow): string {
  if (!first) return '';
  const { decision } = first;
  const budget = decision.budget ? ` (${decision.budget.name})` : '';
  const more = pods.length > 1 ? `; ${pods.length - 1} more pod(s) refused too` : '';
  return `eviction of ${nsName(first.pod)} refused now, ${decision.code}${budget}: ${decision.message}${more}`;
}

/** The budgets an eviction reads or writes, as the index has them (no eviction changes which). */
const indexReader = (index: ClusterView): BudgetReader => ({
  covering: (ref) => index.budgetsForPod(ref),
  pod: (ref) => index.pod(ref),
  pubNamed: (namespace, name) => {
    const ev = index.budget({ kind: 'PodUnavailableBudget', namespace, name });
    return ev?.kind === 'PodUnavailableBudget' ? ev.budget : undefined;
  },
});

/** The same first round on a copy of the cluster (PlanState): every eviction and re-sync run. */
function refusalsOnCopy(input: DrainableNowInput, toEvict: readonly PodView[]): RefusedNow {
  const { index, now } = input;
  const state = new PlanState(index, now, input.statusSource ?? 'recomputed');
  const refused: RefusedNow = { pods: [] };
  for (const pod of toEvict) {
    const step = evictInPlan(state, pod, { dryRun: false, now });
    // kubectl counts a pod already gone (404) as done.
    if (step.decision.allowed || step.decision.code === 404) continue;
    refused.pods.push(step.pod);
    refused.first ??= step;
  }
  return refused;
}

/**
 * The first round of planDrain for one node: kubectl's filters, then every selected pod evicted
 * in order, each eviction using up budget for the next. Only budgeted pods are asked: an
 * unbudgeted pod's eviction is always accepted. The evictions are decided on the index's figures
 * (quickRefusals) unless that cannot be exact, then on a copy of the cluster.
 */
function drainableNode(input: NodeDrainInput, node: string): DrainableNow {
  const onNode = input.index.podsOnNodeWithBudgets(node);
  const answer = visibleAnswer(input, onNode);
  return isFullyVisible(input.index.visibility)
    ? answer
    : asFarAsVisible(answer, nodeUnseen({ index: input.index, pods: podsOf(onNode) }));
}

function* podsOf(onNode: readonly PodOnNode[]): Iterable<PodView> {
  for (const entry of onNode) yield entry.pod;
}

/**
 * The answer on the visible pods, told what it cannot see: a refusal by kubectl's filters stands,
 * and so do stuck pods whose budgets are all visible; `drainable` is only `unknown`.
 */
function asFarAsVisible(answer: DrainableNow, unseen: NodeUnseen): DrainableNow {
  if (unseen.texts.length === 0) return answer;
  const missing = unseen.texts.join('; ');
  if (answer.state === 'refused') return { ...answer, unseen: unseen.texts };
  if (answer.state === 'stuck' && someCertain(answer.pods, unseen))
    return { ...answer, unseen: unseen.texts };
  return {
    state: 'unknown',
    pods: [],
    budgets: [],
    reason:
      answer.state === 'drainable'
        ? `drainable as far as the visible pods go; ${missing}`
        : `unknown: ${answer.reason}, but ${missing}`,
    unseen: unseen.texts,
  };
}

/** Drainable now on the pods the index holds, as if they were all there is. */
function visibleAnswer(input: NodeDrainInput, onNode: readonly PodOnNode[]): DrainableNow {
  const { index, now, options } = input;
  const selected = selectedEntries(onNode, options);
  if ('refusals' in selected)
    return {
      state: 'refused',
      pods: selected.refusals.flatMap((r) => r.pods),
      budgets: [],
      reason: selected.refusals.map(refusalText).join('; '),
    };
  const quick =
    input.statusSource === 'recomputed' && input.method !== 'copy'
      ? quickRefusals({ index, now, toEvict: selected })
      : undefined;
  if (quick !== undefined) return stuckOrDrainable(quick, [...quick.budgets.values()]);
  const toEvict = selected.map((entry) => entry.pod);
  const refused = toEvict.every((p) => unbudgeted(index, p))
    ? { pods: [] }
    : refusalsOnCopy(input, toEvict);
  const reader = indexReader(index);
  const budgets = new Map<string, ResourceRef>();
  for (const pod of refused.pods)
    for (const b of budgetRefsForPod(reader, pod)) budgets.set(refKey(b), b);
  return stuckOrDrainable(refused, [...budgets.values()]);
}

/**
 * The entries of the pods kubectl evicts from the node, in its order; or, when its filters refuse
 * the node, their refusals. Every node is asked and nearly every one passes: a pod at a time, with
 * no list built, and selectPodsForDrain (which groups kubectl's messages) only for a node refused
 * or a pod selector.
 */
function selectedEntries(
  onNode: readonly PodOnNode[],
  options: DrainOptions,
): PodOnNode[] | { refusals: DrainRefusal[] } {
  if (options.podSelector === '') {
    const out: PodOnNode[] = [];
    let refused = false;
    for (const entry of onNode) {
      const status = kubectlPodFilter(entry.pod, options);
      if (status.action === 'delete') out.push(entry);
      else if (status.action === 'error') refused = true;
    }
    if (!refused) return out;
  }
  const selection = selectPodsForDrain(
    onNode.map((r) => r.pod),
    options,
  );
  if (selection.refusals.length > 0) return { refusals: selection.refusals };
  const out: PodOnNode[] = [];
  let next = 0;
  for (const entry of onNode)
    if (entry.pod === selection.toEvict[next]) {
      out.push(entry);
      next++;
    }
  return out;
}

function stuckOrDrainable(refused: RefusedNow, budgets: ResourceRef[]): DrainableNow {
  if (refused.pods.length === 0) return { state: 'drainable', pods: [], budgets: [], reason: '' };
  return { state: 'stuck', pods: refused.pods, budgets, reason: stuckReason(refused) };
}

/** What drainableNode reads: the input with every default applied. */
interface NodeDrainInput extends DrainableNowInput {
  options: DrainOptions;
  statusSource: PlanStatusSource;
}

/**
 * One literal, every field set, not `{ ...input, options }`: a spread that adds a field gives each
 * object a hidden class of its own, and drainableNode's reads of 5,000 of them were megamorphic.
 */
const nodeDrainInput = (input: DrainableNowInput): NodeDrainInput => ({
  index: input.index,
  now: input.now,
  options: { ...DRAINABLE_NOW_OPTIONS, ...input.options },
  statusSource: input.statusSource ?? 'recomputed',
  method: input.method ?? 'figures',
});

/** Drainable now for one node. */
export function drainableNow(input: DrainableNowInput & { node: string }): DrainableNow {
  return drainableNode(nodeDrainInput(input), input.node);
}

/** Drainable now for every node the index names (or those given), by node name. */
export function drainableNowByNode(
  input: DrainableNowInput & { nodes?: readonly string[] },
): Map<string, DrainableNow> {
  const nodeInput = nodeDrainInput(input);
  const out = new Map<string, DrainableNow>();
  for (const node of input.nodes ?? input.index.nodeNames())
    out.set(node, drainableNode(nodeInput, node));
  return out;
}

/** How many nodes are in each state. */
export function countDrainableNow(
  states: Iterable<DrainableNow>,
): Record<DrainableNowState, number> {
  const counts: Record<DrainableNowState, number> = {
    drainable: 0,
    refused: 0,
    stuck: 0,
    unknown: 0,
  };
  for (const s of states) counts[s.state]++;
  return counts;
}
