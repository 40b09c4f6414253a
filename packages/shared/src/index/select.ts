import type { PodView } from '../model/pod.js';
import { pubCoverage } from '../pub/pods.js';
import { parseSelector, selectorMatches } from '../selectors/selector.js';
import { ANY_VALUE, anchorOf } from './anchor.js';
import type { BudgetEntry } from './entry.js';
import { indexLabelKey, namespacePods, podKey } from './pod-store.js';
import { namespaceBudgets, type IndexState } from './state.js';
import { storeLookup } from './workload-store.js';

/** A fresh entry for a budget: selector parsed (PDB) or coverage computed (PUB); no members yet. */
export function newEntry(
  state: IndexState,
  key: string,
  budget: BudgetEntry['budget'],
): BudgetEntry {
  const entry: BudgetEntry = {
    key,
    budget,
    anchor: { kind: 'none' },
    members: new Map(),
    sorted: undefined,
    deps: new Set(),
    evaluation: undefined,
  };
  if (budget.kind === 'PodDisruptionBudget') {
    const parsed = parseSelector(budget.spec.selector);
    if (parsed.ok) entry.selector = parsed.selector;
    entry.anchor = anchorOf(entry.selector);
  } else {
    refreshCoverage(state, entry);
  }
  return entry;
}

/** Recomputes a PUB's coverage (it depends on workloads: targetRef, a Deployment's ReplicaSets). */
export function refreshCoverage(state: IndexState, entry: BudgetEntry): void {
  if (entry.budget.kind !== 'PodUnavailableBudget') return;
  entry.coverage = pubCoverage(entry.budget, storeLookup(state.workloads));
}

/** Whether the entry takes this pod as a member. */
export function entryMatches(entry: BudgetEntry, pod: PodView): boolean {
  if (pod.namespace !== entry.budget.namespace) return false;
  if (entry.budget.kind === 'PodDisruptionBudget')
    return entry.selector !== undefined && selectorMatches(entry.selector, pod.labels);
  const c = entry.coverage;
  return c !== undefined && c.ok && (c.covers(pod) || (c.selectorFallback?.(pod) ?? false));
}

/** Registers the entry where `candidateBudgets` will find it, indexing its anchor key if needed. */
export function register(state: IndexState, entry: BudgetEntry): void {
  const nb = namespaceBudgets(state, entry.budget.namespace);
  if (entry.budget.kind === 'PodUnavailableBudget') {
    nb.pubs.add(entry.key);
    return;
  }
  const anchor = entry.anchor;
  if (anchor.kind === 'namespace') nb.wide.add(entry.key);
  if (anchor.kind !== 'label') return;
  indexLabelKey(state.pods, anchor.key);
  let byValue = nb.anchored.get(anchor.key);
  if (!byValue) nb.anchored.set(anchor.key, (byValue = new Map()));
  for (const value of anchor.values ?? [ANY_VALUE]) {
    let keys = byValue.get(value);
    if (!keys) byValue.set(value, (keys = new Set()));
    keys.add(entry.key);
  }
}

export function unregister(state: IndexState, entry: BudgetEntry): void {
  const nb = state.budgetsByNamespace.get(entry.budget.namespace);
  if (!nb) return;
  nb.pubs.delete(entry.key);
  nb.wide.delete(entry.key);
  const anchor = entry.anchor;
  if (anchor.kind === 'label') {
    const byValue = nb.anchored.get(anchor.key);
    for (const value of anchor.values ?? [ANY_VALUE]) {
      const keys = byValue?.get(value);
      keys?.delete(entry.key);
      if (keys?.size === 0) byValue?.delete(value);
    }
    if (byValue?.size === 0) nb.anchored.delete(anchor.key);
  }
  if (nb.anchored.size === 0 && nb.wide.size === 0 && nb.pubs.size === 0)
    state.budgetsByNamespace.delete(entry.budget.namespace);
}

/** Budgets that may select a pod with these labels (a superset: callers still match). */
export function candidateBudgets(state: IndexState, pod: PodView, into: Set<string>): void {
  const nb = state.budgetsByNamespace.get(pod.namespace);
  if (!nb) return;
  for (const k of nb.wide) into.add(k);
  for (const k of nb.pubs) into.add(k);
  for (const [key, byValue] of nb.anchored) {
    const value = pod.labels[key];
    if (value === undefined) continue;
    const exact = byValue.get(value);
    if (exact) for (const k of exact) into.add(k);
    const any = byValue.get(ANY_VALUE);
    if (any) for (const k of any) into.add(k);
  }
}

/** Candidate pods of an entry: through its anchor's label index, or the whole namespace. */
function* candidatePods(state: IndexState, entry: BudgetEntry): Iterable<PodView> {
  const ns = state.pods.namespaces.get(entry.budget.namespace);
  if (!ns) return;
  const anchor =
    entry.budget.kind === 'PodUnavailableBudget' ? { kind: 'namespace' as const } : entry.anchor;
  if (anchor.kind === 'none') return;
  if (anchor.kind === 'namespace') {
    yield* ns.pods.values();
    return;
  }
  const byValue = namespacePods(state.pods, entry.budget.namespace).byLabel.get(anchor.key);
  if (!byValue) return;
  const sets = anchor.values === null ? byValue.values() : anchor.values.map((v) => byValue.get(v));
  for (const names of sets) {
    if (!names) continue;
    for (const name of names) {
      const pod = ns.pods.get(name);
      if (pod) yield pod;
    }
  }
}

/** Fills an entry's members from the pod store and records the membership. */
export function selectMembers(state: IndexState, entry: BudgetEntry): void {
  for (const pod of candidatePods(state, entry)) {
    if (!entryMatches(entry, pod)) continue;
    entry.members.set(pod.name, pod);
    addMembership(state, podKey(pod), entry.key);
  }
  entry.sorted = undefined;
}

/** Forgets every member of an entry. */
export function clearMembers(state: IndexState, entry: BudgetEntry): void {
  for (const pod of entry.members.values()) removeMembership(state, podKey(pod), entry.key);
  entry.members.clear();
  entry.sorted = undefined;
}

export function addMembership(state: IndexState, pod: string, budget: string): void {
  let set = state.membership.get(pod);
  if (!set) state.membership.set(pod, (set = new Set()));
  set.add(budget);
}

export function removeMembership(state: IndexState, pod: string, budget: string): void {
  const set = state.membership.get(pod);
  set?.delete(budget);
  if (set?.size === 0) state.membership.delete(pod);
}
