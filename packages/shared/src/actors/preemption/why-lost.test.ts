import { describe, expect, it } from 'vitest';
import { clusterOf, pod } from './__fixtures__/cluster.js';
import { PreemptionContext } from './context.js';
import type { PodView } from '../../model/pod.js';
import { rankCandidates } from './pick-node.js';
import type { Candidate } from './types.js';
import { whyLost } from './why-lost.js';

const ctx = new PreemptionContext(
  clusterOf({ nodes: [], pods: [] }),
  pod({ name: 'p', priority: 10_000 }),
);
const victim = (name: string, priority: number, startTime?: string): PodView =>
  pod({ name, node: 'n', priority, ...(startTime !== undefined ? { startTime } : {}) });
const candidate = (node: string, victims: PodView[], numPdbViolations = 0): Candidate => ({
  node,
  victims,
  numPdbViolations,
  violations: [],
});

describe('whyLost', () => {
  it('names the first criterion each candidate lost on against the chosen node', () => {
    const [chosen, ...others] = rankCandidates(ctx, [
      candidate('violates', [victim('a', 0)], 1),
      candidate('high', [victim('b', 500)]),
      candidate('sum', [victim('c', 100), victim('d', 100)]),
      candidate('more', [victim('e', 100), victim('f', 0), victim('g', 0)]),
      candidate('old', [victim('h', 100, '2024-05-01T00:00:00Z'), victim('i', 0)]),
      candidate('young', [victim('j', 100, '2024-05-01T01:00:00Z'), victim('k', 0)]),
      candidate('twin', [victim('l', 100, '2024-05-01T01:00:00Z'), victim('m', 0)]),
    ]);
    if (!chosen) throw new Error('no candidate');
    expect([
      chosen.candidate.node,
      others.map((o) => [o.candidate.node, whyLost(chosen.score, o.score)]),
    ]).toStrictEqual([
      'young',
      [
        ['twin', 'a tie on every criterion: the scheduler takes one of the tied nodes'],
        ['old', 'its most important victims started earlier'],
        [
          'sum',
          'a higher sum of victim priorities, each victim counting 2^31 more (2 victims against 2)',
        ],
        [
          'more',
          'a higher sum of victim priorities, each victim counting 2^31 more (3 victims against 2)',
        ],
        ['high', 'a more important victim (priority 500 against 100)'],
        ['violates', 'more PDB violations (1 against 0)'],
      ],
    ]);
  });
});
