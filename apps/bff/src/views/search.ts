import {
  parseSelector,
  selectorMatches,
  selectorToString,
  type Labels,
  type Selector,
  type WorkloadView,
} from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import {
  budgetMatchesQuery,
  type BudgetHit,
  type BudgetRow,
  type BudgetSearchContext,
  type NodeHit,
  type PodHit,
  type SearchResponse,
  type WorkloadHit,
} from '@pdbscope/shared/api';

export interface SearchInput {
  index: ClusterIndex;
  /** The budget list's rows (what GET /api/budgets serves). */
  budgets: Iterable<BudgetRow>;
  /** What the budget list's search reads beyond a row (its pods' names, its selector). */
  budgetContext: (row: BudgetRow) => BudgetSearchContext | undefined;
  q: string;
  /** `q` parsed as a label selector, when it reads as one (see `looksLikeSelector`). */
  selector: Selector | undefined;
  limit: number;
  eventId: string;
}

/** 0: the name is the text; 1: it starts with it; 2: it has it elsewhere (or a selector matched). */
type Rank = 0 | 1 | 2;

/**
 * The hits of one kind shown: the best ranks first, each sorted by key, counting every match but
 * keeping only the first `limit` met of each rank (a search for `a` over 150,000 pods keeps
 * 3 × limit, not 150,000).
 */
class Hits<T> {
  private readonly ranks: { key: string; item: T }[][] = [[], [], []];
  total = 0;

  constructor(private readonly limit: number) {}

  add(rank: Rank, key: string, item: () => T): void {
    this.total++;
    const list = this.ranks[rank] as { key: string; item: T }[];
    // The earlier ranks may fill the answer already: nothing of this rank would be shown.
    if (list.length < this.limit) list.push({ key, item: item() });
  }

  result(): { items: T[]; total: number } {
    const items = this.ranks
      .flatMap((list) => list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)))
      .slice(0, this.limit)
      .map((entry) => entry.item);
    return { items, total: this.total };
  }
}

/**
 * Where the text is in `namespace/name` (names are lower case, as Kubernetes requires), without
 * joining the two: a string per pod would cost 150,000 allocations a keystroke.
 */
function nameRank(namespace: string, name: string, needle: string): Rank | undefined {
  if (name === needle) return 0;
  if (name.startsWith(needle)) return 1;
  const slash = needle.indexOf('/');
  if (slash === -1) return name.includes(needle) || namespace.includes(needle) ? 2 : undefined;
  const [before, after] = [needle.slice(0, slash), needle.slice(slash + 1)];
  if (after.includes('/')) return undefined;
  if (namespace === before && name === after) return 0;
  return namespace.endsWith(before) && name.startsWith(after) ? 2 : undefined;
}

/** Finds by name, or by labels when the search is a selector. */
function matcher(input: SearchInput) {
  const needle = input.q.trim().toLowerCase();
  const { selector } = input;
  return (namespace: string, name: string, labels: Labels): Rank | undefined => {
    if (selector) return selectorMatches(selector, labels) ? 2 : undefined;
    return nameRank(namespace, name, needle);
  };
}

function budgetHits(input: SearchInput): Hits<BudgetHit> {
  const hits = new Hits<BudgetHit>(input.limit);
  const needle = input.q.trim().toLowerCase();
  const query = { text: input.q.trim() };
  for (const row of input.budgets) {
    // The budget list's own search: name, selector text, its pods' names, `key=value` it asks for.
    if (!budgetMatchesQuery(row, query, input.budgetContext)) continue;
    const rank = input.selector ? 2 : (nameRank(row.namespace, row.name, needle) ?? 2);
    hits.add(rank, `${row.namespace}/${row.name}/${row.kind}`, () => ({
      kind: row.kind,
      namespace: row.namespace,
      name: row.name,
      selectorText: row.selectorText,
    }));
  }
  return hits;
}

function podHits(input: SearchInput): Hits<PodHit> {
  const hits = new Hits<PodHit>(input.limit);
  const match = matcher(input);
  for (const namespace of input.index.podNamespaces()) {
    for (const pod of input.index.podsInNamespace(namespace)) {
      const rank = match(namespace, pod.name, pod.labels);
      if (rank === undefined) continue;
      hits.add(rank, `${namespace}/${pod.name}`, () => ({
        namespace,
        name: pod.name,
        phase: pod.phase,
        ready: pod.ready,
        ...(pod.nodeName !== undefined ? { nodeName: pod.nodeName } : {}),
      }));
    }
  }
  return hits;
}

function nodeHits(input: SearchInput): Hits<NodeHit> {
  const hits = new Hits<NodeHit>(input.limit);
  const match = matcher(input);
  for (const name of input.index.nodeNames()) {
    const node = input.index.node(name);
    const rank = match('', name, node?.labels ?? {});
    if (rank === undefined) continue;
    hits.add(rank, name, () => ({ name, known: node !== undefined, ready: node?.ready ?? false }));
  }
  return hits;
}

/** A workload its controller, itself a workload, stands for (a Deployment's ReplicaSets). */
function ownedByWorkload(index: ClusterIndex, w: WorkloadView): boolean {
  const c = w.controller;
  return (
    c !== undefined &&
    index.workload({
      namespace: w.namespace,
      apiVersion: c.apiVersion,
      kind: c.kind,
      name: c.name,
    }) !== undefined
  );
}

function workloadHits(input: SearchInput): Hits<WorkloadHit> {
  const hits = new Hits<WorkloadHit>(input.limit);
  const match = matcher(input);
  for (const w of input.index.workloads()) {
    const rank =
      match(w.namespace, w.name, w.labels) ??
      (input.selector && w.selector?.matchLabels
        ? match(w.namespace, w.name, w.selector.matchLabels)
        : undefined);
    if (rank === undefined || ownedByWorkload(input.index, w)) continue;
    hits.add(rank, `${w.namespace}/${w.name}/${w.kind}`, () => {
      const parsed = w.selector === undefined ? undefined : parseSelector(w.selector);
      return {
        apiVersion: w.apiVersion,
        kind: w.kind,
        namespace: w.namespace,
        name: w.name,
        selectorText: parsed?.ok === true ? selectorToString(parsed.value) : null,
        ...(w.replicas !== undefined ? { replicas: w.replicas } : {}),
      };
    });
  }
  return hits;
}

/**
 * GET /api/search: budgets, pods, nodes and workloads by name, or by labels when the text is a
 * selector. One pass over each kind (the pods' is the largest: one comparison a pod, no string
 * built), keeping only the hits shown.
 */
export function search(input: SearchInput): SearchResponse {
  return {
    q: input.q,
    selector: input.selector !== undefined,
    budgets: budgetHits(input).result(),
    pods: podHits(input).result(),
    nodes: nodeHits(input).result(),
    workloads: workloadHits(input).result(),
    eventId: input.eventId,
  };
}
