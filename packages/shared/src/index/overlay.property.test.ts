import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refKey } from '../model/refs.js';
import { Model, NODES, ops } from './__fixtures__/changes.js';
import { ClusterOverlay } from './overlay.js';
import type { ClusterView } from './view.js';

/** What the engine reads of a cluster, as plain data: equal views answer every question alike. */
function answers(view: ClusterView, model: Model) {
  const evaluations = [...view.budgets()].sort((a, b) =>
    refKey(a.ref) < refKey(b.ref) ? -1 : refKey(a.ref) > refKey(b.ref) ? 1 : 0,
  );
  return {
    evaluations,
    byKey: evaluations.map((e) => view.evaluationByKey(refKey(e.ref))),
    podBudgets: [...model.pods.values()].map((p) => view.budgetsForPod(p)),
    covering: [...model.pods.values()].map((p) =>
      view
        .coveringBudgets(p)
        .map((c) => c.key)
        .sort(),
    ),
    nodes: NODES.map((n) => view.podsOnNode(n)),
    nodeBudgets: NODES.map((n) =>
      view
        .podsOnNodeWithBudgets(n)
        .map((e) =>
          [...e.budgets].sort((a, b) => (a.key < b.key ? -1 : 1)).map((b) => b.evaluation),
        ),
    ),
    nodeNames: view.nodeNames(),
    namespaces: [...view.podNamespaces()].sort(),
    workloads: [...view.workloads()].sort((a, b) =>
      `${a.namespace}/${a.kind}/${a.name}` < `${b.namespace}/${b.kind}/${b.name}` ? -1 : 1,
    ),
    counts: view.counts(),
  };
}

describe('ClusterOverlay', () => {
  it('answers as an index built from scratch with the changes, and never writes its base', () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        const model = new Model();
        const base = model.fresh();
        const before = answers(base, model);
        const overlay = new ClusterOverlay(base);
        for (const op of sequence) {
          const change = model.change(op);
          if (change) overlay.apply(change);
        }
        expect(answers(overlay, model)).toStrictEqual(answers(model.fresh(), model));
        expect(answers(base, new Model())).toStrictEqual(before);
      }),
      { numRuns: 100 },
    );
  });

  it('stacks: a view of a view answers as the index with both change sets', () => {
    fc.assert(
      fc.property(ops, ops, (first, second) => {
        const model = new Model();
        const lower = new ClusterOverlay(model.fresh());
        for (const op of first) {
          const change = model.change(op);
          if (change) lower.apply(change);
        }
        const upper = new ClusterOverlay(lower);
        for (const op of second) {
          const change = model.change(op);
          if (change) upper.apply(change);
        }
        expect(answers(upper, model)).toStrictEqual(answers(model.fresh(), model));
      }),
      { numRuns: 60 },
    );
  });
});
