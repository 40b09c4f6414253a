import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drainableNowByNode } from '../eviction/drainable-now.js';
import { ClusterIndex } from '../index/cluster-index.js';
import type { ClusterView } from '../index/view.js';
import type { PdbView } from '../model/budget.js';
import { refKey } from '../model/refs.js';
import { overlapGroups } from '../overlaps/groups.js';
import { generateCluster } from '../synthetic/generate.js';
import { clusterViews } from '../synthetic/views.js';
import { applyChangeSet } from './apply.js';
import { figuresOf } from './figures.js';
import type { WhatIfChange } from './types.js';

const NOW = new Date('2024-05-01T12:00:00Z');
const views = clusterViews(generateCluster({ seed: 11, pods: 90, budgets: 10, nodes: 5 }));
const base = new ClusterIndex({ now: NOW }, views);
const budgets = views.budgets;
const scalable = views.workloads.filter((w) =>
  ['Deployment', 'StatefulSet', 'ReplicaSet'].includes(w.kind),
);
const pods = views.pods;

/** The answers the inverse must give back: figures, overlaps, drainable now. */
function answers(view: ClusterView) {
  const evaluations = [...view.budgets()].sort((a, b) => (refKey(a.ref) < refKey(b.ref) ? -1 : 1));
  const podsOf = new Map(evaluations.map((e) => [e.budget, e.pods]));
  const overlaps = overlapGroups({
    budgets: evaluations.map((e) => e.budget),
    podsOf: (b) => podsOf.get(b) ?? [],
  });
  return {
    figures: evaluations.map((e) => [refKey(e.ref), figuresOf(e), e.budget.status]),
    overlaps: [overlaps.groups, overlaps.podsWithMultipleBudgets],
    drainable: [...drainableNowByNode({ index: view, now: NOW })],
  };
}

/** One change a user could make: scale, delete, or apply a budget with other limits. */
const change: fc.Arbitrary<WhatIfChange> = fc.oneof(
  fc.tuple(fc.nat(scalable.length - 1), fc.nat(6)).map(([i, replicas]): WhatIfChange => {
    const w = scalable[i] ?? scalable[0];
    return {
      type: 'scale',
      ref: { kind: w?.kind ?? '', namespace: w?.namespace ?? '', name: w?.name ?? '' },
      replicas,
    };
  }),
  fc.tuple(fc.nat(budgets.length - 1)).map(([i]): WhatIfChange => {
    const b = budgets[i];
    return {
      type: 'delete',
      ref: { kind: b?.kind ?? '', namespace: b?.namespace ?? '', name: b?.name ?? '' },
    };
  }),
  fc.tuple(fc.nat(pods.length - 1)).map(([i]): WhatIfChange => {
    const p = pods[i];
    return {
      type: 'delete',
      ref: { kind: 'Pod', namespace: p?.namespace ?? '', name: p?.name ?? '' },
    };
  }),
  fc
    .tuple(fc.nat(budgets.length - 1), fc.nat(3), fc.boolean())
    .map(([i, n, max]): WhatIfChange | undefined => {
      const b = budgets[i];
      if (b?.kind !== 'PodDisruptionBudget') return undefined;
      const { minAvailable: _m, maxUnavailable: _u, ...spec } = b.spec;
      const object: PdbView = {
        ...b,
        spec: { ...spec, ...(max ? { maxUnavailable: n } : { minAvailable: n }) },
      };
      return { type: 'apply', object };
    })
    .filter((c): c is WhatIfChange => c !== undefined),
);

describe('what-if inverse (property)', () => {
  it('applying a change set and then its inverse gives back the figures, overlaps and drainable now', () => {
    const before = answers(base);
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 4 }), (changes) => {
        const applied = applyChangeSet(base, changes);
        const back = applyChangeSet(applied.view, applied.inverse);
        expect(back.errors).toStrictEqual([]);
        expect(answers(back.view)).toStrictEqual(before);
      }),
      { numRuns: 40 },
    );
  });

  it('the inverse is not empty when the change set changed something', () => {
    const scale = scalable[0];
    const applied = applyChangeSet(base, [
      {
        type: 'scale',
        ref: {
          kind: scale?.kind ?? '',
          namespace: scale?.namespace ?? '',
          name: scale?.name ?? '',
        },
        replicas: (scale?.replicas ?? 0) + 2,
      },
    ]);
    expect(applied.inverse.length).toBeGreaterThan(0);
    expect(answers(applied.view)).not.toStrictEqual(answers(base));
  });
});
