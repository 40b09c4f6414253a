import { describe, expect, it } from 'vitest';
import { clusterOf, node, pdb, pod } from './__fixtures__/cluster.js';
import { PreemptionContext } from './context.js';
import { dryRunPreemption, numCandidates } from './dry-run.js';

describe('numCandidates', () => {
  it('is the share of the potential nodes, at least the minimum, at most all of them', () => {
    const args = { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 };
    expect([
      numCandidates(50, args),
      numCandidates(5000, args),
      numCandidates(1009, args),
    ]).toStrictEqual([50, 500, 100]);
  });
});

describe('dryRunPreemption', () => {
  // Six 1-CPU nodes, each full with one 1-CPU pod of priority 0; the app=x pods are under a PDB
  // that allows nothing, so their nodes are PDB-violating candidates.
  const nodes = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5'].map((n) => node(n, 1000));
  const guarded = new Set(['n0', 'n1', 'n2', 'n4']);
  const pods = nodes.map((n) =>
    pod({
      name: `p-${n.name}`,
      node: n.name,
      priority: 0,
      cpu: 1000,
      labels: guarded.has(n.name) ? { app: 'x' } : {},
    }),
  );
  const cluster = clusterOf({ nodes, pods, pdbs: [pdb('x', { matchLabels: { app: 'x' } }, 0)] });
  const preemptor = pod({ name: 'big', priority: 10, cpu: 1000 });
  const run = (offset: number, wanted: number) => {
    const result = dryRunPreemption(new PreemptionContext(cluster, preemptor), nodes, {
      offset,
      wanted,
    });
    return [result.candidates.map((c) => `${c.node}:${c.numPdbViolations}`), result.tried];
  };

  it('drops candidates for a full list and stops once a clean one is found and both hold enough', () => {
    // n0, n1 fill the violating list; n2 is dropped; n3 is clean: stop after 4 nodes.
    expect(run(0, 2)).toStrictEqual([['n3:0', 'n0:1', 'n1:1'], 4]);
  });

  it('starts at the offset and wraps around', () => {
    expect(run(5, 2)).toStrictEqual([['n5:0', 'n0:1'], 2]);
  });

  it('tries every node when no candidate is clean', () => {
    const onlyGuarded = nodes.filter((n) => guarded.has(n.name));
    const result = dryRunPreemption(new PreemptionContext(cluster, preemptor), onlyGuarded, {
      offset: 0,
      wanted: 1,
    });
    expect([result.candidates.map((c) => c.node), result.tried]).toStrictEqual([['n0'], 4]);
  });

  it('calls a node where the pod already fits an error, not a candidate', () => {
    const roomy = node('roomy', 4000);
    const ctx = new PreemptionContext(
      clusterOf({
        nodes: [roomy],
        pods: [pod({ name: 'small', node: 'roomy', priority: 0, cpu: 100 })],
      }),
      preemptor,
    );
    const result = dryRunPreemption(ctx, [roomy], { offset: 0, wanted: 1 });
    expect([result.candidates, [...result.statuses]]).toStrictEqual([
      [],
      [['roomy', { code: 'Error', reasons: ['expected at least one victim pod on node "roomy"'] }]],
    ]);
  });
});
