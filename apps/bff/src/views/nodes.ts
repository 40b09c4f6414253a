import { refOf, type NodeView, type PodView } from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetRef, BudgetRow, NodeDetailResponse, NodeRow } from '@pdbscope/shared/api';
import { podSummary } from './pods.js';
import { budgetRow, type BudgetMarks } from './rows.js';

function nodeRow(
  name: string,
  node: NodeView | undefined,
  pods: readonly PodView[],
  budgeted: number,
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
    ...(node?.creationTimestamp !== undefined ? { creationTimestamp: node.creationTimestamp } : {}),
  };
}

const isCovered = (index: ClusterIndex, pod: PodView): boolean => {
  const b = index.budgetsForPod(pod);
  return b.pdbs.length + b.pubs.length > 0;
};

/** GET /api/nodes rows, sorted by name. */
export function nodeRows(index: ClusterIndex): NodeRow[] {
  return index.nodeNames().map((name) => {
    const pods = index.podsOnNode(name);
    let budgeted = 0;
    for (const pod of pods) if (isCovered(index, pod)) budgeted++;
    return nodeRow(name, index.node(name), pods, budgeted);
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
    node: nodeRow(name, node, onNode, budgeted),
    conditions: (node?.conditions ?? []).map((c) => ({ ...c })),
    capacity: { ...node?.capacity },
    allocatable: { ...node?.allocatable },
    pods,
    budgets: [...budgets.values()],
    eventId: input.eventId,
  };
}
