import { describe, expect, it } from 'vitest';
import { pdb, pod } from './__fixtures__/cluster.js';
import { filterPodsWithPdbViolation, PdbBudgets } from './pdb-violation.js';

const split = (pods: ReturnType<typeof pod>[], budgets: PdbBudgets) => {
  const out = filterPodsWithPdbViolation(pods, (p) => p, budgets);
  return {
    violating: out.violating.map((v) => [v.victim.name, v.violateCount, v.pdb.name]),
    nonViolating: out.nonViolating.map((p) => p.name),
  };
};

describe('filterPodsWithPdbViolation', () => {
  it('spends each budget in the order given; admitted evictions (disruptedPods) cost nothing', () => {
    const web = { matchLabels: { app: 'web' } };
    const pods = ['w1', 'w2', 'w3', 'w4'].map((name) =>
      pod({ name, node: 'n', labels: { app: 'web' } }),
    );
    const budgets = new PdbBudgets([pdb('web', web, 1, { disruptedPods: ['w2'] })]);
    expect(split(pods, budgets)).toStrictEqual({
      violating: [
        ['w3', 1, 'web'],
        ['w4', 1, 'web'],
      ],
      nonViolating: ['w1', 'w2'],
    });
  });

  it('stops at the first budget a pod takes below zero, as current main does', () => {
    // a is covered by both; once `app` goes below zero, `tier` keeps its one disruption for b
    // (the older filterPodsWithPDBViolation took it too, and b violated).
    const a = pod({ name: 'a', node: 'n', labels: { app: 'x', tier: 't' } });
    const b = pod({ name: 'b', node: 'n', labels: { tier: 't' } });
    const budgets = new PdbBudgets([
      pdb('app', { matchLabels: { app: 'x' } }, 0),
      pdb('tier', { matchLabels: { tier: 't' } }, 1),
    ]);
    expect(split([a, b], budgets)).toStrictEqual({
      violating: [['a', 1, 'app']],
      nonViolating: ['b'],
    });
  });

  it('reads selectors as policy/v1 does: {} covers the whole namespace, nil covers nothing', () => {
    const unlabelled = pod({ name: 'u', node: 'n' });
    const other = pod({ name: 'o', namespace: 'other', node: 'n' });
    expect([
      split([unlabelled, other], new PdbBudgets([pdb('all', {}, 0)])),
      split([unlabelled], new PdbBudgets([pdb('none', null, 0)])),
      split(
        [unlabelled],
        new PdbBudgets([
          pdb('absent', { matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] }, 0),
        ]),
      ),
    ]).toStrictEqual([
      { violating: [['u', 1, 'all']], nonViolating: ['o'] },
      { violating: [], nonViolating: ['u'] },
      { violating: [['u', 1, 'absent']], nonViolating: [] },
    ]);
  });

  it('uses the covering budgets a caller has indexed, in lister order whatever order it gives', () => {
    const first = pdb('first', { matchLabels: { app: 'x' } }, 0);
    const second = pdb('second', { matchLabels: { app: 'x' } }, 5);
    const p = pod({ name: 'p', node: 'n', labels: { app: 'x' } });
    const budgets = new PdbBudgets([first, second], () => [second, first]);
    expect(split([p], budgets)).toStrictEqual({ violating: [['p', 1, 'first']], nonViolating: [] });
  });
});
