import { ClusterIndex } from '@pdbscope/shared/index';
import { drainableNow } from '@pdbscope/shared/eviction';
import { describe, expect, it } from 'vitest';
import { zookeeper } from './__fixtures__/zookeeper.js';
import { DRAINABLE_LIST_BUDGET_MS, nodeRows } from './nodes.js';

const now = new Date('2026-11-21T19:40:00Z');

function index() {
  const { sts, pods, pdb } = zookeeper({ reported: { currentHealthy: 3, disruptionsAllowed: 1 } });
  return new ClusterIndex({ now }, { pods, budgets: [pdb], workloads: [sts] });
}

/** A clock that moves `step` milliseconds each time it is read. */
const ticking = (step: number) => {
  let t = 0;
  return () => (t += step);
};

describe('nodeRows', () => {
  it('works out drainable now for every node while the time budget lasts', () => {
    const idx = index();
    const rows = nodeRows(idx, now, ticking(1));
    expect(rows.map((r) => [r.name, r.drainableNow.state])).toStrictEqual(
      idx.nodeNames().map((name) => [name, drainableNow({ index: idx, node: name, now }).state]),
    );
  });

  it('says unknown for the nodes left once the budget is spent, instead of blocking', () => {
    const rows = nodeRows(index(), now, ticking(DRAINABLE_LIST_BUDGET_MS / 2 + 1));
    expect(rows.map((r) => r.drainableNow.state)).toStrictEqual([
      'drainable',
      'unknown',
      'unknown',
    ]);
    expect(rows[1]?.drainableNow).toStrictEqual({
      state: 'unknown',
      pods: [],
      budgets: [],
      reason: 'not worked out for this list (its time budget ran out): open the node to see it',
    });
  });
});
