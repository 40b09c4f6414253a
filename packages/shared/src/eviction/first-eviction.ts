import { hasEntries } from '../budgets/disrupted.js';
import type { PdbView } from '../model/budget.js';
import { budgetedEvictionRule } from './decide.js';
import type { EvictionRule } from './decide-rule.js';

/**
 * What the first eviction under a PDB meets, as one sync left it: worked out once per evaluation,
 * so that a drain's first round (quickRefusals) reads it instead of the PDB's status for each of
 * the 150,000 pods of 5,000 nodes. A PDB changed by an earlier eviction of the node is read anew.
 */
export interface FirstEviction {
  /** budgetedEvictionRule for a Ready pod this PDB alone matches. */
  ready: EvictionRule;
  /** The same for a pod that is not Ready. */
  notReady: EvictionRule;
  /**
   * When the re-sync after an accepted eviction is known without running it: `always`;
   * `at-evaluation`, only at the evaluation's time (disruptedPods has entries, which expire);
   * `never` (the sync failed, and its fail-safe keeps the written figures).
   */
  resync: 'always' | 'at-evaluation' | 'never';
}

/** The FirstEviction of a PDB as synced (`syncFailed`: the sync failed). */
export function firstEvictionOf(synced: PdbView, syncFailed: boolean): FirstEviction {
  return {
    ready: budgetedEvictionRule(true, [synced], false),
    notReady: budgetedEvictionRule(false, [synced], false),
    resync: syncFailed
      ? 'never'
      : hasEntries(synced.status.disruptedPods)
        ? 'at-evaluation'
        : 'always',
  };
}
