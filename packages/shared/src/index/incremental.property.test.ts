import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refKey } from '../model/refs.js';
import { Model, NODES, ops, type Op } from './__fixtures__/changes.js';
import { NOW } from './__fixtures__/objects.js';
import { ClusterIndex } from './cluster-index.js';
import type { IndexedObject } from './types.js';

/** Applies the changes `sequence` makes to a new model, one at a time, to the index built at the start. */
function replay(
  sequence: readonly Op[],
  afterEach: (index: ClusterIndex) => void = () => {},
): { model: Model; index: ClusterIndex } {
  const model = new Model();
  const index = model.fresh();
  for (const op of sequence) {
    const change = model.change(op);
    if (change) index.apply(change);
    afterEach(index);
  }
  return { model, index };
}

/** Asserts two indexes answer alike: evaluations, each pod's budgets, each node's pods, counts. */
function expectSameAnswers(index: ClusterIndex, fresh: ClusterIndex, model: Model): void {
  const evaluations = new Map([...index.budgets()].map((e) => [refKey(e.ref), e]));
  const expected = new Map([...fresh.budgets()].map((e) => [refKey(e.ref), e]));
  expect([...evaluations.keys()].sort()).toStrictEqual([...expected.keys()].sort());
  for (const [key, ev] of expected) expect(evaluations.get(key)).toStrictEqual(ev);
  for (const pod of model.pods.values())
    expect(index.budgetsForPod(pod)).toStrictEqual(fresh.budgetsForPod(pod));
  for (const node of NODES) expect(index.podsOnNode(node)).toStrictEqual(fresh.podsOnNode(node));
  expect(index.counts()).toStrictEqual(fresh.counts());
}

describe('ClusterIndex incremental updates', () => {
  it('equal an index built from scratch after any sequence of changes', () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        const { model, index } = replay(sequence);
        expectSameAnswers(index, model.fresh(), model);
      }),
      { numRuns: 150 },
    );
  });

  it('loading object by object in any order, with changes on the way, then finishing, equals a build from the lists', () => {
    const world = new Model();
    const objects: IndexedObject[] = [
      ...world.base.pods,
      ...world.base.budgets,
      ...world.base.workloads,
      ...world.base.nodes,
    ];
    fc.assert(
      fc.property(
        fc.shuffledSubarray(objects, { minLength: objects.length }),
        ops,
        (order, sequence) => {
          const model = new Model();
          const index = new ClusterIndex({ now: NOW, loading: true });
          for (const object of order)
            expect(index.apply({ type: 'upsert', object })).toStrictEqual([]);
          for (const op of sequence) {
            const change = model.change(op);
            if (change) expect(index.apply(change)).toStrictEqual([]);
          }
          expect([...index.budgets()]).toStrictEqual([]);
          const deltas = index.finishLoading({ now: NOW });
          expect(index.loading).toBe(false);
          expect(deltas.map((d) => d.type)).toStrictEqual(deltas.map(() => 'added'));
          expect(deltas.map((d) => refKey(d.ref)).sort()).toStrictEqual(
            [...model.budgets.keys()].sort(),
          );
          expectSameAnswers(index, model.fresh(), model);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps the invariants: disruptionsAllowed ≥ 0 and the lanes add up to the selected pods', () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        replay(sequence, (index) => {
          for (const ev of index.budgets()) {
            const { selected, available, unavailable, disrupted } = ev.counts;
            expect(available + unavailable + disrupted).toBe(selected);
            expect(selected).toBe(ev.pods.length);
            if (ev.kind === 'PodDisruptionBudget') {
              expect(ev.sync.status.disruptionsAllowed).toBeGreaterThanOrEqual(0);
              if (!ev.sync.syncFailed) expect(available).toBe(ev.sync.status.currentHealthy);
            } else {
              expect(ev.sync.status.unavailableAllowed).toBeGreaterThanOrEqual(0);
            }
          }
        });
      }),
      { numRuns: 60 },
    );
  });
});
