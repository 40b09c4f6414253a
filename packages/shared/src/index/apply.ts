import type { Budget } from '../model/budget.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import { budgetUnseen, sameUnseen } from '../visibility/budget-unseen.js';
import type { Visibility } from '../visibility/types.js';
import { sameVisibility } from '../visibility/visibility.js';
import type { BudgetEntry } from './entry.js';
import { evaluateEntry } from './evaluate.js';
import { dropMember, endLoading, putMember } from './loading.js';
import { dropPod, putPod } from './pod-store.js';
import {
  addMembership,
  candidateBudgets,
  clearMembers,
  entryMatches,
  indexSelectorKeys,
  newEntry,
  refreshCoverage,
  register,
  removeMembership,
  selectMembers,
  unregister,
} from './select.js';
import { budgetKey, createState, isBudget, isNode, isPod, type IndexState } from './state.js';
import type { BudgetDelta, ClusterIndexOptions, IndexedObject, ObjectChange } from './types.js';
import { dropWorkload, putWorkload, storeLookup } from './workload-store.js';

/** Re-evaluates one entry at the state's `now`, keeping its workload dependencies and recheck current. */
export function reevaluate(state: IndexState, entry: BudgetEntry): BudgetDelta {
  for (const dep of entry.deps) {
    const set = state.dependents.get(dep);
    set?.delete(entry.key);
    if (set?.size === 0) state.dependents.delete(dep);
  }
  const deps = new Set<string>();
  const added = entry.evaluation === undefined;
  entry.evaluation = evaluateEntry(
    entry,
    storeLookup(state.workloads, deps),
    state.now,
    state.visibility,
  );
  entry.deps = deps;
  for (const dep of deps) {
    let set = state.dependents.get(dep);
    if (!set) state.dependents.set(dep, (set = new Set()));
    set.add(entry.key);
  }
  if (entry.evaluation.recheckAtMs === undefined) state.rechecks.delete(entry.key);
  else state.rechecks.add(entry.key);
  return {
    type: added ? 'added' : 'changed',
    ref: entry.evaluation.ref,
    evaluation: entry.evaluation,
  };
}

/** Re-evaluates the entries of these keys; nothing while loading. */
function evaluateKeys(state: IndexState, keys: Iterable<string>): BudgetDelta[] {
  if (state.loading) return [];
  const deltas: BudgetDelta[] = [];
  for (const key of keys) {
    const entry = state.budgets.get(key);
    if (entry) deltas.push(reevaluate(state, entry));
  }
  return deltas;
}

/** A pod was added or changed: only the budgets whose selectors match its old or new labels move. */
export function upsertPod(state: IndexState, pod: PodView): BudgetDelta[] {
  // Undefined for the same object again (a list page fed early, then the informer's own add).
  const record = putPod(state.pods, pod);
  if (!record) return [];
  const before = record.budgets;
  const candidates = new Set<string>();
  for (const entry of before) candidates.add(entry.key);
  candidateBudgets(state, pod, candidates);
  for (const bkey of candidates) {
    const entry = state.budgets.get(bkey);
    if (!entry) continue;
    if (entryMatches(entry, pod)) {
      putMember(state, entry, pod, before.includes(entry));
      addMembership(record, entry);
    } else if (dropMember(state, entry, pod.name)) {
      removeMembership(record, entry);
    }
  }
  if (state.loading) return [];
  // The budgets it was in and the ones it is in now.
  const affected = new Set<string>();
  for (const entry of before) affected.add(entry.key);
  for (const entry of record.budgets) affected.add(entry.key);
  return evaluateKeys(state, affected);
}

export function deletePod(
  state: IndexState,
  ref: { namespace: string; name: string },
): BudgetDelta[] {
  const record = dropPod(state.pods, ref);
  if (!record) return [];
  const affected = record.budgets;
  record.budgets = [];
  for (const entry of affected) dropMember(state, entry, record.pod.name);
  return evaluateKeys(
    state,
    affected.map((entry) => entry.key),
  );
}

function forget(state: IndexState, entry: BudgetEntry): void {
  unregister(state, entry);
  clearMembers(state, entry);
  for (const dep of entry.deps) {
    const set = state.dependents.get(dep);
    set?.delete(entry.key);
    if (set?.size === 0) state.dependents.delete(dep);
  }
  state.rechecks.delete(entry.key);
  state.budgets.delete(entry.key);
}

/** What decides which pods a budget holds; a change elsewhere (status, limits) keeps its members. */
function selectionOf(budget: Budget): string {
  return budget.kind === 'PodDisruptionBudget'
    ? JSON.stringify([budget.kind, budget.spec.selector])
    : JSON.stringify([budget.kind, budget.spec.selector, budget.spec.targetRef]);
}

/**
 * A budget was added or changed: only it is re-evaluated, and re-selected only when its selection
 * changed (the disruption controller's own status writes are the most frequent budget updates).
 */
export function upsertBudget(state: IndexState, budget: Budget): BudgetDelta[] {
  const key = budgetKey(budget);
  const old = state.budgets.get(key);
  if (old && selectionOf(old.budget) === selectionOf(budget)) {
    old.budget = budget;
    return evaluateKeys(state, [key]);
  }
  if (old) forget(state, old);
  const entry = newEntry(state, key, budget);
  state.budgets.set(key, entry);
  register(state, entry);
  selectMembers(state, entry);
  const deltas = evaluateKeys(state, [key]);
  return old ? deltas.map((d) => (d.type === 'added' ? { ...d, type: 'changed' } : d)) : deltas;
}

export function deleteBudget(state: IndexState, ref: ResourceRef): BudgetDelta[] {
  const key = budgetKey(ref);
  const entry = state.budgets.get(key);
  if (!entry) return [];
  forget(state, entry);
  // While loading, nothing was reported as added: nothing is reported as removed either.
  if (state.loading) return [];
  return [{ type: 'removed', ref: { kind: ref.kind, namespace: ref.namespace, name: ref.name } }];
}

/** A workload changed: only budgets whose last evaluation looked it (or its owner's children) up move. */
function workloadTouched(state: IndexState, touched: readonly string[]): BudgetDelta[] {
  const affected = new Set<string>();
  for (const dep of touched) for (const k of state.dependents.get(dep) ?? []) affected.add(k);
  for (const bkey of affected) {
    const entry = state.budgets.get(bkey);
    if (entry?.budget.kind !== 'PodUnavailableBudget') continue;
    // A PUB's coverage follows its target workload; re-select it from its namespace.
    clearMembers(state, entry);
    refreshCoverage(state, entry);
    selectMembers(state, entry);
  }
  return evaluateKeys(state, affected);
}

export function upsertWorkload(state: IndexState, workload: WorkloadView): BudgetDelta[] {
  return workloadTouched(state, putWorkload(state.workloads, workload));
}

export function deleteWorkload(state: IndexState, workload: WorkloadView): BudgetDelta[] {
  return workloadTouched(state, dropWorkload(state.workloads, workload));
}

export function upsertNode(state: IndexState, node: NodeView): BudgetDelta[] {
  state.nodes.set(node.name, node);
  return [];
}

export function deleteNode(state: IndexState, node: { name: string }): BudgetDelta[] {
  state.nodes.delete(node.name);
  return [];
}

function upsert(state: IndexState, object: IndexedObject): BudgetDelta[] {
  if (isPod(object)) return upsertPod(state, object);
  if (isBudget(object)) return upsertBudget(state, object);
  if (isNode(object)) return upsertNode(state, object);
  return upsertWorkload(state, object);
}

function remove(state: IndexState, object: IndexedObject): BudgetDelta[] {
  if (isPod(object)) return deletePod(state, object);
  if (isBudget(object)) return deleteBudget(state, object);
  if (isNode(object)) return deleteNode(state, object);
  return deleteWorkload(state, object);
}

/**
 * Builds a state from lists in one pass: workloads, then the budgets' anchor keys, then pods
 * (indexed once), then each budget selected through the label index and evaluated.
 */
export function buildState(
  options: ClusterIndexOptions,
  lists: {
    pods?: readonly PodView[];
    budgets?: readonly Budget[];
    workloads?: readonly WorkloadView[];
    nodes?: readonly NodeView[];
  },
): IndexState {
  const state = createState(options);
  for (const n of lists.nodes ?? []) state.nodes.set(n.name, n);
  for (const w of lists.workloads ?? []) putWorkload(state.workloads, w);
  const entries: BudgetEntry[] = [];
  for (const b of lists.budgets ?? []) {
    const entry = newEntry(state, budgetKey(b), b);
    indexSelectorKeys(state, entry);
    entries.push(entry);
  }
  for (const p of lists.pods ?? []) putPod(state.pods, p);
  for (const entry of entries) {
    const old = state.budgets.get(entry.key);
    if (old) forget(state, old);
    state.budgets.set(entry.key, entry);
    register(state, entry);
    selectMembers(state, entry);
  }
  evaluateKeys(state, state.budgets.keys());
  return state;
}

function allOf<T>(map: Iterable<T>): T[] {
  return [...map];
}

/** A relist: the given kinds are replaced wholesale and every budget is evaluated again. */
export function replaceAll(
  state: IndexState,
  change: Extract<ObjectChange, { type: 'replaceAll' }>,
): { state: IndexState; deltas: BudgetDelta[] } {
  const pods =
    change.pods ??
    allOf(state.pods.namespaces.values()).flatMap((ns) =>
      allOf(ns.pods.values()).map((r) => r.pod),
    );
  const budgets = change.budgets ?? allOf(state.budgets.values()).map((e) => e.budget);
  const workloads = change.workloads ?? allOf(state.workloads.byKey.values());
  const nodes = change.nodes ?? allOf(state.nodes.values());
  const next = buildState(
    {
      ...state.options,
      now: state.now,
      loading: state.loading !== undefined,
      visibility: state.visibility,
    },
    { pods, budgets, workloads, nodes },
  );
  const deltas: BudgetDelta[] = [];
  for (const [key, entry] of state.budgets) {
    if (!next.budgets.has(key) && entry.evaluation)
      deltas.push({ type: 'removed', ref: entry.evaluation.ref });
  }
  for (const [key, entry] of next.budgets) {
    if (!entry.evaluation) continue;
    deltas.push({
      type: state.budgets.has(key) ? 'changed' : 'added',
      ref: entry.evaluation.ref,
      evaluation: entry.evaluation,
    });
  }
  return { state: next, deltas };
}

/** Applies one upsert or delete to the state in place. */
export function applyChange(
  state: IndexState,
  change: Exclude<ObjectChange, { type: 'replaceAll' }>,
): BudgetDelta[] {
  return change.type === 'upsert' ? upsert(state, change.object) : remove(state, change.object);
}

/**
 * Moves the state's clock and re-evaluates only the budgets whose recheck time has come (a
 * disruptedPods entry expiring), once per recheck time.
 */
export function advanceTime(state: IndexState, now: Date): BudgetDelta[] {
  state.now = now;
  if (state.loading) return [];
  const nowMs = now.getTime();
  const due: string[] = [];
  for (const key of state.rechecks) {
    const ev = state.budgets.get(key)?.evaluation;
    const at = ev?.recheckAtMs;
    if (
      ev &&
      at !== undefined &&
      at <= nowMs &&
      ev.evaluatedAtMs <= at &&
      ev.evaluatedAtMs !== nowMs
    )
      due.push(key);
  }
  return evaluateKeys(state, due);
}

/**
 * What can be seen changed: the budgets whose unseen part differs (their namespace's pods or
 * workloads became visible or not) are evaluated again; nothing while loading.
 */
export function changeVisibility(state: IndexState, visibility: Visibility): BudgetDelta[] {
  if (sameVisibility(state.visibility, visibility)) return [];
  state.visibility = visibility;
  const moved: string[] = [];
  for (const [key, entry] of state.budgets)
    if (
      entry.evaluation &&
      !sameUnseen(entry.evaluation.unseen, budgetUnseen(visibility, entry.budget))
    )
      moved.push(key);
  return evaluateKeys(state, moved);
}

/** Ends loading (see `loading.ts`): every budget is evaluated once, at `now`. */
export function finishLoading(
  state: IndexState,
  options: Parameters<typeof endLoading>[1],
): BudgetDelta[] {
  return evaluateKeys(state, endLoading(state, options));
}
