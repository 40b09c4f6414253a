import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { PubCoverage } from '../pub/pods.js';
import type { Selector } from '../selectors/selector.js';
import type { Anchor } from './anchor.js';
import type { BudgetEvaluation } from './types.js';

/** What the index keeps per budget. */
export interface BudgetEntry {
  key: string;
  budget: Budget;
  /** PDBs: the parsed selector; undefined when it did not parse (the budget selects nothing). */
  selector?: Selector;
  anchor: Anchor;
  /** PUBs: which pods it covers, recomputed when a workload it looked up changes. */
  coverage?: PubCoverage;
  /** Selected pods (PUBs: candidates, filtered to active ones by the sync), by name. */
  members: Map<string, PodView>;
  /** `members` sorted by name; rebuilt lazily after a membership change, never mutated once shared. */
  sorted: PodView[] | undefined;
  /** Workload lookups the last evaluation made (see `workloadDependency`). */
  deps: Set<string>;
  evaluation: BudgetEvaluation | undefined;
}

const byName = (a: PodView, b: PodView): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function sortedMembers(entry: BudgetEntry): PodView[] {
  entry.sorted ??= [...entry.members.values()].sort(byName);
  return entry.sorted;
}

/** Adds or replaces a member; keeps the sorted copy when only a member's content changed. */
export function setMember(entry: BudgetEntry, pod: PodView): void {
  const had = entry.members.has(pod.name);
  entry.members.set(pod.name, pod);
  if (!had || !entry.sorted) {
    entry.sorted = undefined;
    return;
  }
  const i = indexOfName(entry.sorted, pod.name);
  if (i === -1) {
    entry.sorted = undefined;
    return;
  }
  // Evaluations already handed out hold the old array: copy, never write into it.
  const next = entry.sorted.slice();
  next[i] = pod;
  entry.sorted = next;
}

export function removeMember(entry: BudgetEntry, name: string): boolean {
  if (!entry.members.delete(name)) return false;
  entry.sorted = undefined;
  return true;
}

function indexOfName(pods: readonly PodView[], name: string): number {
  let lo = 0;
  let hi = pods.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const n = pods[mid]?.name ?? '';
    if (n === name) return mid;
    if (n < name) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
