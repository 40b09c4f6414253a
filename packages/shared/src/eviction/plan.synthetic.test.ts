import { describe, expect, it } from 'vitest';
import { ClusterIndex } from '../index/cluster-index.js';
import { generateCluster } from '../synthetic/generate.js';
import { clusterViews } from '../synthetic/views.js';
import { planDrain } from './drain.js';
import { planEvictions } from './plan.js';
import type { PlannedBudgetState } from './plan-types.js';

const NOW = new Date('2024-05-01T12:00:00Z');

function syntheticIndex(seed: number): ClusterIndex {
  return new ClusterIndex(
    { now: NOW },
    clusterViews(generateCluster({ seed, nodes: 12, pods: 400, budgets: 60 })),
  );
}

function expectSane(state: PlannedBudgetState): void {
  const { selected, available, unavailable, disrupted } = state.counts;
  expect(available + unavailable + disrupted).toBe(selected);
  if (state.kind === 'PodDisruptionBudget')
    expect(state.status.disruptionsAllowed).toBeGreaterThanOrEqual(0);
  else expect(state.status.unavailableAllowed).toBeGreaterThanOrEqual(0);
}

describe('plans on a generated cluster', () => {
  const index = syntheticIndex(11);
  const nodes = [...index.nodes()].map((n) => n.name);

  it('accounts for every pod of every node: evicted, failed, blocked or skipped, never twice', () => {
    const options = { force: true, ignoreDaemonSets: true, deleteEmptyDirData: true };
    for (const node of nodes) {
      const plan = planDrain({ index, node, now: NOW, options });
      expect(plan.refusals).toStrictEqual([]);
      const seen = [
        ...plan.evicted,
        ...plan.failed.map((f) => f.pod),
        ...plan.blocked.map((b) => b.pod),
        ...plan.skipped.map((s) => s.pod),
      ].map((p) => `${p.namespace}/${p.name}`);
      expect(seen.sort()).toStrictEqual(
        index
          .podsOnNode(node)
          .map((p) => `${p.namespace}/${p.name}`)
          .sort(),
      );
      expect(plan.complete).toBe(plan.blocked.length === 0 && plan.failed.length === 0);
      for (const b of plan.blocked) expect(b.decision.code).toBe(429);
      for (const f of plan.failed) expect([201, 429]).not.toContain(f.decision.code);
      for (const round of plan.rounds)
        for (const step of round.steps) step.budgetsAfter.forEach(expectSane);
      plan.budgets.forEach(expectSane);
    }
  });

  it('never changes the index', () => {
    const before = [...index.budgets()];
    for (const node of nodes) planDrain({ index, node, now: NOW });
    const after = [...index.budgets()];
    expect(after).toHaveLength(before.length);
    after.forEach((e, i) => expect(e).toBe(before[i]));
  });

  it('accepts no more budgeted evictions of a PDB’s pods than it allows', () => {
    for (const ev of index.budgets()) {
      if (ev.kind !== 'PodDisruptionBudget') continue;
      const plan = planEvictions({ index, pods: ev.pods, now: NOW });
      const used = plan.steps.filter(
        (s) => s.decision.pdbChanged && s.decision.budget?.name === ev.ref.name,
      ).length;
      expect(used).toBeLessThanOrEqual(ev.synced.status.disruptionsAllowed);
      plan.budgets.forEach(expectSane);
    }
  });

  it('plans nothing for a node without pods', () => {
    expect(planDrain({ index, node: 'no-such-node', now: NOW })).toStrictEqual({
      node: 'no-such-node',
      options: {
        force: false,
        ignoreDaemonSets: false,
        deleteEmptyDirData: false,
        podSelector: '',
      },
      schedulingChecked: true,
      verdict: 'completes',
      refusals: [],
      warnings: [],
      rounds: [],
      evicted: [],
      skipped: [],
      failed: [],
      blocked: [],
      pending: [],
      complete: true,
      budgets: [],
    });
  });
});
