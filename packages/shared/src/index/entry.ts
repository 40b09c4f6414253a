import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { PubCoverage } from '../pub/pods.js';
import type { Selector } from '../selectors/selector.js';
import type { Anchor } from './anchor.js';
import type { BudgetEvaluation } from './types.js';

/** What the index keeps per budget. */
export interface BudgetEntry {
  key: string;
  /**
   * `[this]`, frozen: the budget list of every pod in this budget alone (most pods), shared by them
   * instead of one array each (56 bytes a pod, 8 MB at 150,000 pods).
   */
  readonly alone: readonly BudgetEntry[];
  budget: Budget;
  /** PDBs: the parsed selector; undefined when it did not parse (the budget selects nothing). */
  selector?: Selector;
  anchor: Anchor;
  /**
   * PUBs: which pods it covers, recomputed when a workload it looked up changes; undefined when
   * its targetRef does not resolve (the budget selects nothing).
   */
  coverage?: PubCoverage;
  /**
   * Selected pods (PUBs: candidates, filtered to active ones by the sync), sorted by name. Copied on
   * every change, never written into: evaluations already handed out share it.
   */
  members: readonly PodView[];
  /** Workload lookups the last evaluation made (see `workloadDependency`). */
  deps: Set<string>;
  evaluation: BudgetEvaluation | undefined;
}

const byName = (a: PodView, b: PodView): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Sorts freshly collected members (input in list order is usually sorted already: one pass). */
export function sortMembers(pods: PodView[]): PodView[] {
  return pods.sort(byName);
}

/** Index of the pod named `name`, or `-(insertion point) - 1` when absent. */
function search(pods: readonly PodView[], name: string): number {
  let lo = 0;
  let hi = pods.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const n = pods[mid]?.name ?? '';
    if (n === name) return mid;
    if (n < name) lo = mid + 1;
    else hi = mid - 1;
  }
  return -lo - 1;
}

/** Adds or replaces a member. */
export function setMember(entry: BudgetEntry, pod: PodView): void {
  const i = search(entry.members, pod.name);
  const next = entry.members.slice();
  if (i >= 0) next[i] = pod;
  else next.splice(-i - 1, 0, pod);
  entry.members = next;
}

/** Removes a member; false when it was not one. */
export function removeMember(entry: BudgetEntry, name: string): boolean {
  const i = search(entry.members, name);
  if (i < 0) return false;
  const next = entry.members.slice();
  next.splice(i, 1);
  entry.members = next;
  return true;
}
