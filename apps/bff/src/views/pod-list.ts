import {
  decidePodNow,
  podExpectsBudget,
  refKey,
  refOf,
  selectorMatches,
  type EvictionDecision,
  type PodView,
  type ResourceRef,
  type Selector,
} from '@pdbscope/shared';
import type { ClusterIndex, CoveringBudget } from '@pdbscope/shared/index';
import {
  DEFAULT_POD_PAGE,
  compareBudgetRows,
  type BudgetRef,
  type PodListQuery,
  type PodListResponse,
  type PodRow,
} from '@pdbscope/shared/api';
import { evictableOf, podPlacement } from './pods.js';

/**
 * Pods the list reads, in the list's order between chunks: a namespace's (in no order: only a
 * chunk the page falls in is sorted), a node's or an overlap group's (sorted already).
 */
interface Chunk {
  pods: Iterable<PodView>;
  sorted: boolean;
}

export interface PodListInput {
  index: ClusterIndex;
  query: PodListQuery;
  /** `query.labels` parsed (the route answers 400 when it does not parse). */
  selector: Selector;
  /** The budgets of the overlap group `query.group` names (the route resolves it). */
  group?: readonly ResourceRef[];
  now: Date;
  eventId: string;
}

/** The order of the list: `namespace/name` as one string (kubectl's order, and a node's). */
const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function namespaceList(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
}

/** Every pod of some namespaces (every one when none is named), a chunk per namespace. */
function* namespaceChunks(
  index: ClusterIndex,
  namespaces: readonly string[] | undefined,
): Generator<Chunk> {
  const names = namespaces ?? [...index.podNamespaces()];
  // Sorted as `namespace/` so that a namespace that is a prefix of another comes where the
  // joined key puts it (`a-b/x` before `a/x`).
  const ordered = [...new Set(names)].sort((a, b) => byKey(`${a}/`, `${b}/`));
  for (const namespace of ordered) yield { pods: index.podsInNamespace(namespace), sorted: false };
}

/** The pods the budgets of an overlap group select (one namespace), sorted by name. */
function groupChunk(index: ClusterIndex, group: readonly ResourceRef[]): Chunk {
  const byName = new Map<string, PodView>();
  for (const ref of group)
    for (const pod of index.budget(ref)?.pods ?? []) byName.set(pod.name, pod);
  return { pods: [...byName.values()].sort((a, b) => byKey(a.name, b.name)), sorted: true };
}

/** Where the list's pods come from: a node's or a group's own list when asked, else the namespaces. */
function chunks(input: PodListInput): Iterable<Chunk> {
  const { index, query } = input;
  if (query.node !== undefined && query.node !== '') {
    const onNode = index.podsOnNodeWithBudgets(query.node).map((p) => p.pod);
    return [{ pods: onNode, sorted: true }];
  }
  if (input.group) return [groupChunk(index, input.group)];
  return namespaceChunks(index, namespaceList(query.namespace));
}

/**
 * How many budgets select the pod as the overlap analysis counts it (the summary's "pods with more
 * than one budget"): every PodDisruptionBudget covering it, and a PodUnavailableBudget only for
 * the active pods it protects.
 */
export function selectingBudgets(pod: PodView, budgets: readonly CoveringBudget[]): number {
  let n = 0;
  for (const { evaluation } of budgets) {
    if (!evaluation) continue;
    if (evaluation.kind === 'PodDisruptionBudget') n++;
    else if (evaluation.pods.some((p) => p.name === pod.name)) n++;
  }
  return n;
}

/** The filters of a query, worked out once per request. */
interface Filters {
  /** Set when the pods come from a node's or a group's list, which may span other namespaces. */
  namespaces: ReadonlySet<string> | undefined;
  /** The keys (`refKey`) of the group's budgets. */
  group: ReadonlySet<string> | undefined;
  needle: string;
  budgets: PodListQuery['budgets'];
  selector: Selector;
}

function filtersOf(input: PodListInput): Filters {
  const { query } = input;
  const fromList = (query.node !== undefined && query.node !== '') || input.group !== undefined;
  const namespaces = fromList ? namespaceList(query.namespace) : undefined;
  return {
    namespaces: namespaces === undefined ? undefined : new Set(namespaces),
    group: input.group === undefined ? undefined : new Set(input.group.map(refKey)),
    // Names are lower case (Kubernetes requires it): the pods' are compared as they are.
    needle: query.text?.trim().toLowerCase() ?? '',
    budgets: query.budgets,
    selector: input.selector,
  };
}

/** Whether a pod passes every filter but the eviction one (the costly one, asked last). */
function cheapFiltersPass(filters: Filters, index: ClusterIndex, pod: PodView): boolean {
  if (filters.namespaces && !filters.namespaces.has(pod.namespace)) return false;
  if (filters.needle !== '' && !`${pod.namespace}/${pod.name}`.includes(filters.needle))
    return false;
  if (!selectorMatches(filters.selector, pod.labels)) return false;
  if (filters.group === undefined && filters.budgets === undefined) return true;
  // Looked up only when a filter reads them.
  const budgets = index.coveringBudgets(pod);
  const group = filters.group;
  if (group && !budgets.some((b) => group.has(b.key))) return false;
  switch (filters.budgets) {
    case 'none':
      return budgets.length === 0 && podExpectsBudget(pod);
    case 'any':
      return budgets.length > 0;
    case 'several':
      return selectingBudgets(pod, budgets) >= 2;
    case undefined:
      return true;
  }
}

function row(input: PodListInput, pod: PodView, decision: EvictionDecision): PodRow {
  const covering = input.index.budgetsForPod(pod);
  const budgets = [...covering.pdbs, ...covering.pubs]
    .map((b) => refOf(b) as BudgetRef)
    .sort(compareBudgetRows);
  return {
    namespace: pod.namespace,
    name: pod.name,
    phase: pod.phase,
    ready: pod.ready,
    ...podPlacement(pod),
    budgets,
    evictableNow: evictableOf(decision),
  };
}

/**
 * GET /api/pods: one pass over the pods the filters can reach (a node's or an overlap group's
 * own list when asked for, else every pod of the namespaces), counting what matches and building
 * rows only for the page asked for. Each pod's eviction is decided by the engine (`decidePodNow`,
 * as a budget's lanes and the pod's page decide it), and only when the `evictable` filter needs it
 * or the pod is on the page.
 */
export function podList(input: PodListInput): PodListResponse {
  const { index, query, now } = input;
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DEFAULT_POD_PAGE;
  const end = offset + limit;
  const decide = (pod: PodView) => decidePodNow(pod, index.budgetsForPod(pod), now);
  const filters = filtersOf(input);
  const wanted = query.evictable === undefined ? undefined : query.evictable === 'yes';
  const items: PodRow[] = [];
  let total = 0;
  for (const chunk of chunks(input)) {
    const matched: PodView[] = [];
    for (const pod of chunk.pods) {
      if (!cheapFiltersPass(filters, index, pod)) continue;
      if (wanted !== undefined && decide(pod).allowed !== wanted) continue;
      matched.push(pod);
    }
    // Only a chunk the page falls in is sorted and made into rows.
    if (total < end && total + matched.length > offset) {
      if (!chunk.sorted) matched.sort((a, b) => byKey(a.name, b.name));
      const from = Math.max(0, offset - total);
      const to = Math.min(matched.length, end - total);
      for (const pod of matched.slice(from, to)) items.push(row(input, pod, decide(pod)));
    }
    total += matched.length;
  }
  return { items, total, offset, limit, eventId: input.eventId };
}
