import { describe, expect, it } from 'vitest';
import { failSafeStatus, withDisruptionAllowedCondition } from '../budgets/condition.js';
import { checkAndDecrement } from '../eviction/decide-check.js';
import { ClusterIndex } from '../index/cluster-index.js';
import { generateCluster } from '../synthetic/generate.js';
import { otherHiddenClasses } from '../testing/hidden-class.js';
import { clusterViews } from '../synthetic/views.js';
import type { PdbStatus, PdbView } from './budget.js';
import { pdbStatusWith } from './pdb-status.js';

const NOW = new Date('2024-05-01T12:00:00Z');

describe('pdbStatusWith', () => {
  it('applies the change to the base, every field in the converter’s order', () => {
    const base: PdbStatus = {
      observedGeneration: 3,
      disruptedPods: {},
      disruptionsAllowed: 1,
      currentHealthy: 4,
      desiredHealthy: 3,
      expectedPods: 4,
      conditions: [],
    };
    const next = pdbStatusWith(base, { disruptionsAllowed: 0, currentHealthy: 3 });
    expect(next).toStrictEqual({ ...base, disruptionsAllowed: 0, currentHealthy: 3 });
    expect(Object.keys(next)).toStrictEqual(Object.keys(base));
  });

  it('gives every status the engine makes the converter’s hidden class, and one to its conditions', () => {
    const cluster = generateCluster({ seed: 7, nodes: 40, pods: 1_200, budgets: 150 });
    const views = clusterViews(cluster);
    const index = new ClusterIndex({ now: NOW }, views);
    const pdbs: PdbView[] = [];
    for (const e of index.budgets()) if (e.kind === 'PodDisruptionBudget') pdbs.push(e.synced);
    const parsed = views.budgets.flatMap((b) => (b.kind === 'PodDisruptionBudget' ? [b] : []));
    const written = pdbs.filter((p) => !parsed.some((q) => q.status === p.status));
    // The index's syncs wrote most statuses afresh (the generated ones are all zeros).
    expect(written.length).toBeGreaterThan(100);
    const made: PdbStatus[] = [];
    for (const pdb of pdbs) {
      made.push(pdb.status);
      made.push(failSafeStatus(pdb.status, 'an error', NOW));
      made.push(withDisruptionAllowedCondition(pdb.status, NOW));
      const decremented = checkAndDecrement(pdb, 'a-pod', false, NOW);
      if (decremented.ok) made.push(decremented.value.status);
    }
    expect(otherHiddenClasses([(parsed[0] as PdbView).status, ...made])).toBe(0);
    // Their conditions too (the generated PDBs have none: every one was written by a sync).
    const conditions = made.flatMap((s) => s.conditions);
    expect(conditions.length).toBeGreaterThan(made.length - 1);
    expect(otherHiddenClasses(conditions)).toBe(0);
  });
});
