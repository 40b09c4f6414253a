import {
  refOf,
  unseenReason,
  unseenScope,
  unseenText,
  type NodeView,
  type PodView,
} from '@pdbscope/shared';
import { drainableNow, type DrainableNow } from '@pdbscope/shared/eviction';
import { NodeCache, type ClusterIndex } from '@pdbscope/shared/index';
import {
  CLUSTER_AUTOSCALER_DEFAULTS,
  caClusterContext,
  type CaClusterContext,
  type NodeDeleteOptions,
} from '@pdbscope/shared/actors/cluster-autoscaler';
import {
  NODE_LIST_REFS,
  type BlockingActor,
  type BudgetRef,
  type BudgetRow,
  type NodeDetailResponse,
  type NodeRow,
} from '@pdbscope/shared/api';
import { podSummary } from './pods.js';
import { nodeActors, type ActorInputs } from './node-actors.js';
import { blockedInRow, caContextOf } from './node-blocked.js';
import { budgetRow, type BudgetMarks } from './rows.js';

const NO_LABELS: NodeRow['labels'] = Object.freeze({});

interface NodeRowInput {
  name: string;
  node: NodeView | undefined;
  pods: readonly PodView[];
  budgeted: number;
  drainable: DrainableNow;
  blockedFor: BlockingActor[];
  /** How many of the stopping pods and holding budgets to name (all when absent). */
  refs?: number;
}

function nodeRow(input: NodeRowInput): NodeRow {
  const { name, node, pods, budgeted, drainable, refs } = input;
  return {
    name,
    known: node !== undefined,
    ready: node?.ready ?? false,
    unschedulable: node?.unschedulable ?? false,
    // The node's own (views are never written to): a copy per row, kept for 5,000 rows by the
    // list's cache, cost 4.7 MB of live heap.
    labels: node?.labels ?? NO_LABELS,
    taints: (node?.taints ?? []).map((t) => ({ ...t })),
    pods: pods.length,
    budgetedPods: budgeted,
    drainableNow: drainableRow(drainable, refs),
    blockedFor: input.blockedFor,
    ...(node?.creationTimestamp !== undefined ? { creationTimestamp: node.creationTimestamp } : {}),
  };
}

const isCovered = (index: ClusterIndex, pod: PodView): boolean =>
  index.coveringBudgets(pod).length > 0;

export const drainableRow = (d: DrainableNow, refs?: number): NodeRow['drainableNow'] => ({
  state: d.state,
  pods: d.pods
    .slice(0, refs ?? d.pods.length)
    .map((p) => ({ kind: p.kind, namespace: p.namespace, name: p.name })),
  podCount: d.pods.length,
  budgets: d.budgets.slice(0, refs ?? d.budgets.length).map((b) => ({
    kind: b.kind as BudgetRef['kind'],
    namespace: b.namespace,
    name: b.name,
  })),
  budgetCount: d.budgets.length,
  reason: d.reason,
  ...(d.unseen !== undefined ? { notVisible: d.unseen } : {}),
});

/**
 * What the nodes list cannot see: the nodes themselves (only those its pods run on are listed),
 * pods of namespaces not visible (any node may hold some). Empty when everything is visible.
 */
export function nodesNotVisible(index: ClusterIndex): string[] {
  const texts: string[] = [];
  const nodes = unseenReason(index.visibility, 'nodes');
  if (nodes !== undefined)
    texts.push(`nodes not visible: ${nodes}; only the nodes its pods run on are listed`);
  const pods = unseenScope(index.visibility, 'pods');
  if (pods !== undefined) texts.push(unseenText(pods));
  return texts;
}

/**
 * One node's row of GET /api/nodes (naming NODE_LIST_REFS stopping pods and budgets), with what
 * `kubectl drain` and Cluster Autoscaler (`ca`: its context at the index's time, CA's defaults when not given) would do now: as
 * of the index's last evaluation (its `now`), so a row kept in a NodeCache equals one worked out
 * again. Karpenter's answer is added when the list is served (views/node-blocked.ts).
 */
export function nodeListRow(
  index: ClusterIndex,
  name: string,
  ca: CaClusterContext = caClusterContext({
    index,
    options: CLUSTER_AUTOSCALER_DEFAULTS,
    now: index.now,
  }),
): NodeRow {
  const pods = index.podsOnNode(name);
  let budgeted = 0;
  for (const pod of pods) if (isCovered(index, pod)) budgeted++;
  const drainable = drainableNow({ index, node: name, now: index.now });
  return nodeRow({
    name,
    node: index.node(name),
    pods,
    budgeted,
    drainable,
    blockedFor: blockedInRow(drainable, ca, name),
    refs: NODE_LIST_REFS,
  });
}

/**
 * The rows of GET /api/nodes kept across changes: a change works out again only the nodes it can
 * reach (see NodeCache); call its `before`/`after` around each change the index applies. CA's
 * answer reads what the NodeCache follows (the node's pods and their budgets) and, beyond it, the
 * pods' controllers (`--ca-min-replica-count` above 0) and the age of kube-system pods: a row
 * may keep CA's answer until its node's pods or budgets next change; the node's page works it out
 * afresh.
 */
export function nodeRowCache(
  index: ClusterIndex,
  caOptions: NodeDeleteOptions = CLUSTER_AUTOSCALER_DEFAULTS,
): NodeCache<NodeRow> {
  const ca = caContextOf(index, caOptions);
  return new NodeCache({ index, compute: (name) => nodeListRow(index, name, ca()) });
}

const byNamespaceAndName = (a: PodView, b: PodView): number =>
  a.namespace === b.namespace
    ? a.name.localeCompare(b.name)
    : a.namespace.localeCompare(b.namespace);

/**
 * GET /api/nodes/{name}: the node and what runs on it. Undefined for a name that is neither a Node
 * object nor any pod's `spec.nodeName`. Its drainable now is worked out afresh rather than read
 * from the list's NodeCache (whose rows name only NODE_LIST_REFS pods and budgets): the same
 * function on the same index at the same `now` gives what the cache holds (see NodeCache's tests,
 * and the live test that every page agrees with its row), and one node costs about 0.1 ms at
 * 150,000 pods (bench:upgrade).
 */
export function nodeDetail(input: {
  index: ClusterIndex;
  name: string;
  marks: BudgetMarks;
  /** What the actors read besides the index (PriorityClasses, Karpenter's objects, CA's flags). */
  actors: ActorInputs;
  eventId: string;
}): NodeDetailResponse | undefined {
  const { index, name } = input;
  const node = index.node(name);
  const onNode = [...index.podsOnNode(name)].sort(byNamespaceAndName);
  if (!node && onNode.length === 0) return undefined;
  const budgets = new Map<string, BudgetRow>();
  let budgeted = 0;
  const pods = onNode.map((pod) => {
    const { pdbs, pubs } = index.budgetsForPod(pod);
    const refs: BudgetRef[] = [];
    for (const budget of [...pdbs, ...pubs]) {
      const ref = refOf(budget) as BudgetRef;
      refs.push(ref);
      const key = `${ref.kind}/${ref.namespace}/${ref.name}`;
      if (budgets.has(key)) continue;
      const evaluation = index.budget(ref);
      if (evaluation) budgets.set(key, budgetRow(evaluation, input.marks));
    }
    if (refs.length > 0) budgeted++;
    return { pod: podSummary(pod), budgets: refs };
  });
  const actors = nodeActors(index, name, input.actors);
  return {
    node: nodeRow({
      name,
      node,
      pods: onNode,
      budgeted,
      drainable: drainableNow({ index, node: name, now: index.now }),
      blockedFor: actors.flatMap((a) =>
        a.actor !== 'preemption' && a.removes === false ? [a.actor] : [],
      ),
    }),
    conditions: (node?.conditions ?? []).map((c) => ({ ...c })),
    capacity: { ...node?.capacity },
    allocatable: { ...node?.allocatable },
    pods,
    budgets: [...budgets.values()],
    actors,
    eventId: input.eventId,
  };
}
