import type { PodView } from '../model/pod.js';
import { pubCoverage } from '../pub/pods.js';
import { parseSelector, selectorMatches } from '../selectors/selector.js';
import { ANY_VALUE, anchorOf, positiveKeys } from './anchor.js';
import { sortMembers, type BudgetEntry } from './entry.js';
import { indexLabelKey, type PodRecord } from './pod-store.js';
import { namespaceBudgets, type IndexState } from './state.js';
import { storeLookup } from './workload-store.js';

/** A fresh entry for a budget: selector parsed (PDB) or coverage computed (PUB); no members yet. */
export function newEntry(
  state: IndexState,
  key: string,
  budget: BudgetEntry['budget'],
): BudgetEntry {
  const alone: BudgetEntry[] = [];
  const entry: BudgetEntry = {
    key,
    alone,
    budget,
    anchor: { kind: 'none' },
    members: [],
    deps: new Set(),
    evaluation: undefined,
  };
  if (budget.kind === 'PodDisruptionBudget') {
    const parsed = parseSelector(budget.spec.selector);
    if (parsed.ok) entry.selector = parsed.value;
  } else {
    refreshCoverage(state, entry);
  }
  alone.push(entry);
  Object.freeze(alone);
  return entry;
}

/** Recomputes a PUB's coverage (it depends on workloads: targetRef, a Deployment's ReplicaSets). */
export function refreshCoverage(state: IndexState, entry: BudgetEntry): void {
  if (entry.budget.kind !== 'PodUnavailableBudget') return;
  const coverage = pubCoverage(entry.budget, storeLookup(state.workloads));
  entry.coverage = coverage.ok ? coverage.value : undefined;
}

/** Whether the entry takes this pod as a member. */
export function entryMatches(entry: BudgetEntry, pod: PodView): boolean {
  if (pod.namespace !== entry.budget.namespace) return false;
  if (entry.budget.kind === 'PodDisruptionBudget')
    return entry.selector !== undefined && selectorMatches(entry.selector, pod.labels);
  const c = entry.coverage;
  return c !== undefined && (c.covers(pod) || (c.selectorFallback?.(pod) ?? false));
}

/** Indexes the label keys an entry's selector could anchor on (one pass over the pods per new key). */
export function indexSelectorKeys(state: IndexState, entry: BudgetEntry): void {
  for (const key of positiveKeys(entry.selector)) indexLabelKey(state.pods, key);
}

/** Picks the entry's anchor from the label index as it is now: the smallest candidate set. */
function chooseAnchor(state: IndexState, entry: BudgetEntry): void {
  const byLabel = state.pods.namespaces.get(entry.budget.namespace)?.byLabel;
  entry.anchor = anchorOf(entry.selector, (r) => {
    const byValue = byLabel?.get(r.key);
    if (!byValue) return 0;
    let n = 0;
    if (r.operator === 'Exists') for (const list of byValue.values()) n += list.length;
    else for (const v of r.values) n += byValue.get(v)?.length ?? 0;
    return n;
  });
}

/**
 * Registers the entry where `candidateBudgets` will find it, under an anchor chosen now (it stays
 * valid as pods change: every selected pod satisfies it, whatever the set sizes become).
 */
export function register(state: IndexState, entry: BudgetEntry): void {
  const nb = namespaceBudgets(state, entry.budget.namespace);
  if (entry.budget.kind === 'PodUnavailableBudget') {
    nb.pubs.add(entry.key);
    return;
  }
  indexSelectorKeys(state, entry);
  chooseAnchor(state, entry);
  const anchor = entry.anchor;
  if (anchor.kind === 'namespace') nb.wide.add(entry.key);
  if (anchor.kind !== 'label') return;
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
function forEachCandidate(
  state: IndexState,
  entry: BudgetEntry,
  visit: (record: PodRecord) => void,
): void {
  const ns = state.pods.namespaces.get(entry.budget.namespace);
  if (!ns) return;
  const anchor =
    entry.budget.kind === 'PodUnavailableBudget' ? { kind: 'namespace' as const } : entry.anchor;
  if (anchor.kind === 'none') return;
  if (anchor.kind === 'namespace') {
    for (const record of ns.pods.values()) visit(record);
    return;
  }
  const byValue = ns.byLabel.get(anchor.key);
  if (!byValue) return;
  if (anchor.values === null) {
    for (const records of byValue.values()) for (const record of records) visit(record);
    return;
  }
  for (const value of anchor.values) {
    const records = byValue.get(value);
    if (records) for (const record of records) visit(record);
  }
}

/** Fills an entry's members from the pod store and records the membership. */
export function selectMembers(state: IndexState, entry: BudgetEntry): void {
  const members: PodView[] = [];
  forEachCandidate(state, entry, (record) => {
    if (!entryMatches(entry, record.pod)) return;
    members.push(record.pod);
    addMembership(record, entry);
  });
  entry.members = sortMembers(members);
}

/** Forgets every member of an entry. */
export function clearMembers(state: IndexState, entry: BudgetEntry): void {
  const ns = state.pods.namespaces.get(entry.budget.namespace);
  for (const pod of entry.members) {
    const record = ns?.pods.get(pod.name);
    if (record) removeMembership(record, entry);
  }
  entry.members = [];
}

// A pod's budget list is replaced, never grown in place, and always allocated at its exact length:
// an array grown by push (or made by spread or filter) keeps room for 17 entries, and 150,000 of
// them (most holding one key) cost more than 20 MB. A pod in one budget shares the budget's own.
export function addMembership(record: PodRecord, entry: BudgetEntry): void {
  if (record.budgets.includes(entry)) return;
  record.budgets = record.budgets.length === 0 ? entry.alone : record.budgets.concat(entry);
}

export function removeMembership(record: PodRecord, entry: BudgetEntry): void {
  const at = record.budgets.indexOf(entry);
  if (at !== -1) record.budgets = record.budgets.slice(0, at).concat(record.budgets.slice(at + 1));
}
