import { refOf, type NodeView, type PodView } from '@pdbscope/shared';
import { drainableNow, type DrainableNow } from '@pdbscope/shared/eviction';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetRef, BudgetRow, NodeDetailResponse, NodeRow } from '@pdbscope/shared/api';
import { podSummary } from './pods.js';
import { budgetRow, type BudgetMarks } from './rows.js';

function nodeRow(
  name: string,
  node: NodeView | undefined,
  pods: readonly PodView[],
  budgeted: number,
  drainable: DrainableNow | undefined,
): NodeRow {
  return {
    name,
    known: node !== undefined,
    ready: node?.ready ?? false,
    unschedulable: node?.unschedulable ?? false,
    labels: { ...node?.labels },
    taints: (node?.taints ?? []).map((t) => ({ ...t })),
    pods: pods.length,
    budgetedPods: budgeted,
    drainableNow: drainableRow(drainable),
    ...(node?.creationTimestamp !== undefined ? { creationTimestamp: node.creationTimestamp } : {}),
  };
}

const isCovered = (index: ClusterIndex, pod: PodView): boolean => {
  const b = index.budgetsForPod(pod);
  return b.pdbs.length + b.pubs.length > 0;
};

const drainableRow = (d: DrainableNow | undefined): NodeRow['drainableNow'] =>
  d === undefined ? DRAINABLE_UNKNOWN : drainableKnown(d);

const drainableKnown = (d: DrainableNow): NodeRow['drainableNow'] => ({
  state: d.state,
  pods: d.pods.map((p) => ({ kind: p.kind, namespace: p.namespace, name: p.name })),
  budgets: d.budgets.map((b) => ({
    kind: b.kind as BudgetRef['kind'],
    namespace: b.namespace,
    name: b.name,
  })),
  reason: d.reason,
});

const DRAINABLE_UNKNOWN: NodeRow['drainableNow'] = {
  state: 'unknown',
  pods: [],
  budgets: [],
  reason: 'not worked out for this list (its time budget ran out): open the node to see it',
};

/**
 * The exact check costs a few milliseconds per node with large budgets (each eviction re-syncs
 * its budget), so the list works it out for as many nodes as fit in this budget and says
 * `unknown` for the rest instead of holding the event loop for seconds on a large cluster.
 */
export const DRAINABLE_LIST_BUDGET_MS = 200;

/** GET /api/nodes rows, sorted by name, each with what `kubectl drain` would do now. */
export function nodeRows(
  index: ClusterIndex,
  now: Date,
  clock: () => number = performance.now.bind(performance),
): NodeRow[] {
  const deadline = clock() + DRAINABLE_LIST_BUDGET_MS;
  return index.nodeNames().map((name) => {
    const pods = index.podsOnNode(name);
    let budgeted = 0;
    for (const pod of pods) if (isCovered(index, pod)) budgeted++;
    return nodeRow(
      name,
      index.node(name),
      pods,
      budgeted,
      clock() < deadline ? drainableNow({ index, node: name, now }) : undefined,
    );
  });
}

const byNamespaceAndName = (a: PodView, b: PodView): number =>
  a.namespace === b.namespace
    ? a.name.localeCompare(b.name)
    : a.namespace.localeCompare(b.namespace);

/**
 * GET /api/nodes/{name}: the node and what runs on it. Undefined for a name that is neither a Node
 * object nor any pod's `spec.nodeName`.
 */
export function nodeDetail(input: {
  index: ClusterIndex;
  name: string;
  marks: BudgetMarks;
  eventId: string;
  now: Date;
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
  return {
    node: nodeRow(
      name,
      node,
      onNode,
      budgeted,
      drainableNow({ index, node: name, now: input.now }),
    ),
    conditions: (node?.conditions ?? []).map((c) => ({ ...c })),
    capacity: { ...node?.capacity },
    allocatable: { ...node?.allocatable },
    pods,
    budgets: [...budgets.values()],
    eventId: input.eventId,
  };
}
