import { describe, expect, it } from 'vitest';
import { fleetCluster } from '../testing/fleet-rows.js';
import { compareFleetClusters, fleetNodesIn } from './fleet-order.js';

const cluster = fleetCluster;

describe('compareFleetClusters', () => {
  it('puts unwatched clusters first, then blocking, stuck nodes, shared pods, overlaps, name', () => {
    const clusters = [
      cluster('a-calm'),
      cluster('b-overlaps', { overlappingBudgets: 2 }),
      cluster('c-shared', { podsWithMultipleBudgets: 1, overlappingBudgets: 2 }),
      cluster('d-stuck', { nodes: [{ drainableNow: 'stuck', nodes: 3 }] }),
      cluster('e-blocking', { blocking: 2 }),
      cluster('f-blocking-more', { blocking: 5 }),
      cluster('g-syncing', { status: 'syncing', blocking: null }),
      cluster('h-absent', { status: 'absent', blocking: null }),
      cluster('i-unknown', { status: 'unknown', blocking: null }),
      cluster('j-not-read', { blocking: null }),
    ];
    expect(
      [...clusters]
        .reverse()
        .sort(compareFleetClusters)
        .map((c) => c.cluster),
    ).toStrictEqual([
      'h-absent',
      'i-unknown',
      'g-syncing',
      'f-blocking-more',
      'e-blocking',
      'd-stuck',
      'c-shared',
      'b-overlaps',
      'a-calm',
      'j-not-read',
    ]);
  });
});

describe('fleetNodesIn', () => {
  it("sums plain series, and takes the worst actor's count where the nodes are split by actor", () => {
    expect([
      fleetNodesIn(
        cluster('plain', {
          nodes: [
            { drainableNow: 'stuck', nodes: 3 },
            { drainableNow: 'drainable', nodes: 9 },
          ],
        }),
        'stuck',
      ),
      fleetNodesIn(
        cluster('actors', {
          nodes: [
            { drainableNow: 'stuck', actor: 'kubectl-drain', nodes: 3 },
            { drainableNow: 'stuck', actor: 'karpenter', nodes: 5 },
          ],
        }),
        'stuck',
      ),
      fleetNodesIn(cluster('none-stuck'), 'stuck'),
      fleetNodesIn(cluster('unknown', { nodes: null }), 'stuck'),
    ]).toStrictEqual([3, 5, 0, null]);
  });
});
