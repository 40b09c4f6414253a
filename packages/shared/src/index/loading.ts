import type { PodView } from '../model/pod.js';
import type { ApiResourceInfo } from '../model/workload.js';
import { removeMember, setMember, sortMembers, type BudgetEntry } from './entry.js';
import { clearMembers, refreshCoverage, selectMembers } from './select.js';
import type { IndexState } from './state.js';
import { setApiResources } from './workload-store.js';

// An index that is loading (the first list of a large cluster arriving page by page) keeps every
// membership current but evaluates nothing until `finishLoading`: evaluating a budget after each
// of its pods would cost its size squared. No evaluation exists while loading, so nothing shares a
// member list yet and new members are appended in place (`LoadState`), to be sorted once at the end.

/** Adds or replaces a member (`known`: the pod was a member before). */
export function putMember(
  state: IndexState,
  entry: BudgetEntry,
  pod: PodView,
  known: boolean,
): void {
  const load = state.loading;
  if (!load) {
    setMember(entry, pod);
    return;
  }
  const members = entry.members as PodView[];
  const at = known ? members.findIndex((m) => m.name === pod.name) : -1;
  if (at === -1) members.push(pod);
  else members[at] = pod;
  load.unsorted.add(entry);
}

/** Removes a member; false when it was not one. */
export function dropMember(state: IndexState, entry: BudgetEntry, name: string): boolean {
  if (!state.loading) return removeMember(entry, name);
  const members = entry.members as PodView[];
  const at = members.findIndex((m) => m.name === name);
  if (at === -1) return false;
  members.splice(at, 1);
  return true;
}

/**
 * Ends loading: sorts the member lists, re-selects the PUBs (their coverage follows workloads that
 * may have arrived after them, and no evaluation recorded that dependency) and leaves every entry
 * ready to be evaluated. Returns the keys to evaluate: all of them.
 */
export function endLoading(
  state: IndexState,
  options: { now: Date; apiResources?: Readonly<Record<string, ApiResourceInfo>> },
): string[] {
  const load = state.loading;
  if (!load) return [];
  state.loading = undefined;
  state.now = options.now;
  if (options.apiResources) setApiResources(state.workloads, options.apiResources);
  for (const entry of load.unsorted) sortMembers(entry.members as PodView[]);
  for (const entry of state.budgets.values()) {
    if (entry.budget.kind !== 'PodUnavailableBudget') continue;
    clearMembers(state, entry);
    refreshCoverage(state, entry);
    selectMembers(state, entry);
  }
  return [...state.budgets.keys()];
}
