import { describe, expect, it } from 'vitest';
import type { PodView } from '../../model/pod.js';
import { clusterOf, pod } from './__fixtures__/cluster.js';
import { PreemptionContext } from './context.js';
import { rankCandidates, selectCandidate } from './pick-node.js';
import type { Candidate } from './types.js';

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
const T = (n: number) => `2024-05-01T00:00:00.00000000${n}Z`;

describe('pickOneNodeForPreemption', () => {
  it('applies the criteria in order: violations, highest priority, adjusted sum, count, latest start', () => {
    const ranked = rankCandidates(ctx, [
      candidate('violates', [victim('a', 0)], 1),
      candidate('high', [victim('b', 500)]),
      candidate('sum', [victim('c', 100), victim('d', 100)]),
      candidate('negative-three', [victim('e', 100), victim('f', -100), victim('g', -100)]),
      candidate('old', [victim('h', 100, T(1)), victim('i', 0)]),
      candidate('young', [victim('j', 100, T(3)), victim('k', 0, T(0))]),
    ]);
    // negative-three's raw sum (-100) is the lowest, but each victim adds 2^31: three lose to two.
    expect(ranked.map((r) => r.candidate.node)).toStrictEqual([
      'young',
      'old',
      'sum',
      'negative-three',
      'high',
      'violates',
    ]);
  });

  it('counts a victim that has not started as starting now, the latest of all', () => {
    expect(
      selectCandidate(ctx, [
        candidate('started', [victim('a', 0, '2099-01-01T00:00:00Z')]),
        candidate('pending', [victim('b', 0)]),
      ])?.node,
    ).toBe('pending');
  });

  it('keeps the first of candidates that tie on everything', () => {
    expect(
      selectCandidate(ctx, [
        candidate('first', [victim('a', 0, T(1))]),
        candidate('second', [victim('b', 0, T(1))]),
      ])?.node,
    ).toBe('first');
  });
});
