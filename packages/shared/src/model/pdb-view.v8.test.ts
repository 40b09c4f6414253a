import { describe, expect, it } from 'vitest';
import { checkAndDecrement } from '../eviction/decide-check.js';
import { ClusterIndex } from '../index/cluster-index.js';
import { generateCluster } from '../synthetic/generate.js';
import { clusterViews } from '../synthetic/views.js';
import { otherHiddenClasses } from '../testing/hidden-class.js';
import type { PdbView } from './budget.js';
import { pdbView } from './pdb-view.js';

const NOW = new Date('2024-05-01T12:00:00Z');

describe('pdbView', () => {
  it('keeps every field, creationTimestamp only when set, and takes the status given', () => {
    const cluster = generateCluster({ seed: 3, nodes: 4, pods: 40, budgets: 6 });
    const pdb = clusterViews(cluster).budgets.find(
      (b): b is PdbView => b.kind === 'PodDisruptionBudget',
    );
    if (!pdb) throw new Error('the generated cluster has PDBs');
    const status = { ...pdb.status, disruptionsAllowed: 7 };
    expect(pdbView(pdb)).toStrictEqual(pdb);
    expect(pdbView(pdb, status)).toStrictEqual({ ...pdb, status });
    const { creationTimestamp: _, ...undated } = pdb;
    expect(pdbView(undated)).toStrictEqual(undated);
    expect(Object.keys(pdbView(pdb))).toStrictEqual(Object.keys(pdb));
  });

  it('gives every PDB view the engine makes the converter’s hidden class', () => {
    const views = clusterViews(generateCluster({ seed: 7, nodes: 40, pods: 1_200, budgets: 150 }));
    const index = new ClusterIndex({ now: NOW }, views);
    const parsed = views.budgets.filter((b): b is PdbView => b.kind === 'PodDisruptionBudget');
    const made: PdbView[] = [];
    for (const e of index.budgets()) {
      if (e.kind !== 'PodDisruptionBudget') continue;
      made.push(e.synced);
      const decremented = checkAndDecrement(e.synced, 'a-pod', false, NOW);
      if (decremented.ok) made.push(decremented.value);
    }
    // The generated PDBs all carry a creationTimestamp: one class for all of them.
    expect(parsed.every((p) => p.creationTimestamp !== undefined)).toBe(true);
    expect(made.length).toBeGreaterThan(parsed.length);
    expect(otherHiddenClasses([...parsed, ...made])).toBe(0);
  });
});
