import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Budget, PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { refKey } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import { NOW } from './__fixtures__/objects.js';
import { shopWorld } from './__fixtures__/shop.js';
import { ClusterIndex } from './cluster-index.js';
import type { IndexedObject } from './types.js';

const NAMES = ['web', 'api', 'zookeeper', 'other'];
const INSTANCES = ['shop', 'blog'];
const NODES = ['node-a', 'node-b', 'node-c', 'node-d'];
const SELECTORS: unknown[] = [
  { matchLabels: { 'app.kubernetes.io/name': 'web' } },
  { matchLabels: { 'app.kubernetes.io/instance': 'shop', tier: 'be' } },
  {
    matchExpressions: [
      { key: 'app.kubernetes.io/name', operator: 'In', values: ['api', 'zookeeper'] },
    ],
  },
  { matchExpressions: [{ key: 'tier', operator: 'Exists' }] },
  { matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] },
  {},
  null,
  { matchExpressions: [{ key: 'tier', operator: 'Gt', values: ['1'] }] },
];
const LIMITS: Pick<PdbView['spec'], 'minAvailable' | 'maxUnavailable'>[] = [
  { maxUnavailable: 1 },
  { minAvailable: 2 },
  { minAvailable: '50%' },
  { maxUnavailable: '30%' },
  { maxUnavailable: 0 },
  { minAvailable: 'abc%' },
  {},
];

type Op = [kind: number, a: number, b: number];

/** The world as plain lists, changed alongside the index so a fresh index can be built from it. */
class Model {
  pods = new Map<string, PodView>();
  budgets = new Map<string, Budget>();
  workloads = new Map<string, WorkloadView>();
  readonly base = shopWorld();

  constructor() {
    for (const p of this.base.pods) this.pods.set(`${p.namespace}/${p.name}`, p);
    for (const b of this.base.budgets) this.budgets.set(refKey(b), b);
    for (const w of this.base.workloads)
      this.workloads.set(`${w.namespace}/${w.kind}/${w.name}`, w);
  }

  /** Turns an op into one change (or none), applying it to the lists. */
  change(op: Op): { type: 'upsert' | 'delete'; object: IndexedObject } | undefined {
    const [kind, a, b] = op;
    const pods = [...this.pods.values()];
    const p = pods[a % Math.max(1, pods.length)];
    const budgets = [...this.budgets.values()];
    const budget = budgets[a % Math.max(1, budgets.length)];
    switch (kind) {
      case 0: {
        if (!p) return undefined;
        const labels: Record<string, string> = { ...p.labels };
        if (b % 5 === 0) delete labels['app.kubernetes.io/name'];
        else labels['app.kubernetes.io/name'] = NAMES[b % NAMES.length] ?? 'web';
        if (b % 3 === 0) labels['app.kubernetes.io/instance'] = INSTANCES[b % 2] ?? 'shop';
        if (b % 7 === 0) labels['tier'] = b % 2 === 0 ? 'fe' : 'be';
        return this.putPod({ ...p, labels });
      }
      case 1: {
        if (!p) return undefined;
        const variant = b % 4;
        if (variant === 0) return this.putPod({ ...p, ready: !p.ready });
        if (variant === 1) return this.putPod({ ...p, deletionTimestamp: '2024-05-01T11:59:00Z' });
        if (variant === 2) return this.putPod({ ...p, phase: 'Pending', ready: false });
        return this.putPod({ ...p, phase: 'Succeeded' });
      }
      case 2:
        return p ? this.putPod({ ...p, nodeName: NODES[b % NODES.length] ?? 'node-a' }) : undefined;
      case 3: {
        if (b % 2 === 0 && p) {
          this.pods.delete(`${p.namespace}/${p.name}`);
          return { type: 'delete', object: p };
        }
        const back = this.base.pods[b % this.base.pods.length];
        return back ? this.putPod(back) : undefined;
      }
      case 4:
        return p
          ? this.putPod({ ...p, name: `${p.name}-copy${b % 3}`, uid: `${p.uid}-copy${b % 3}` })
          : undefined;
      case 5: {
        if (budget?.kind !== 'PodDisruptionBudget') return undefined;
        const selector = SELECTORS[b % SELECTORS.length];
        const limits = LIMITS[Math.floor(b / SELECTORS.length) % LIMITS.length] ?? {};
        const next: PdbView = {
          ...budget,
          generation: budget.generation + 1,
          spec: { selector: (selector ?? null) as PdbView['spec']['selector'], ...limits },
          status: { ...budget.status, observedGeneration: budget.generation + 1 },
        };
        this.budgets.set(refKey(next), next);
        return { type: 'upsert', object: next };
      }
      case 6: {
        if (b % 2 === 0 && budget) {
          this.budgets.delete(refKey(budget));
          return { type: 'delete', object: budget };
        }
        const back = this.base.budgets[b % this.base.budgets.length];
        if (!back) return undefined;
        this.budgets.set(refKey(back), back);
        return { type: 'upsert', object: back };
      }
      case 7: {
        const ws = [...this.workloads.values()];
        const w = ws[a % Math.max(1, ws.length)];
        if (!w) return undefined;
        const key = `${w.namespace}/${w.kind}/${w.name}`;
        if (b % 5 === 0) {
          this.workloads.delete(key);
          return { type: 'delete', object: w };
        }
        const next = { ...w, replicas: b % 7 };
        this.workloads.set(key, next);
        return { type: 'upsert', object: next };
      }
      default: {
        if (budget?.kind !== 'PodDisruptionBudget' || !p) return undefined;
        const at = new Date(NOW.getTime() - (b % 200) * 1000).toISOString().replace('.000Z', 'Z');
        const next: PdbView = {
          ...budget,
          status: {
            ...budget.status,
            disruptedPods: { ...budget.status.disruptedPods, [p.name]: at },
          },
        };
        this.budgets.set(refKey(next), next);
        return { type: 'upsert', object: next };
      }
    }
  }

  private putPod(pod: PodView): { type: 'upsert'; object: PodView } {
    const next = { ...pod, resourceVersion: String(Number(pod.resourceVersion) + 1) };
    this.pods.set(`${next.namespace}/${next.name}`, next);
    return { type: 'upsert', object: next };
  }

  fresh(): ClusterIndex {
    return new ClusterIndex(
      { now: NOW },
      {
        pods: [...this.pods.values()],
        budgets: [...this.budgets.values()],
        workloads: [...this.workloads.values()],
        nodes: this.base.nodes,
      },
    );
  }
}

const ops = fc.array(fc.tuple(fc.nat(8), fc.nat(1000), fc.nat(1000)), {
  minLength: 1,
  maxLength: 40,
  size: 'max',
});

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
