import { describe, expect, it } from 'vitest';
import { firstEvictionOf } from '../eviction/first-eviction.js';
import type { PdbView } from '../model/budget.js';
import { FULL_VISIBILITY, makeVisibility } from '../visibility/visibility.js';
import {
  hiddenWorld,
  withoutZookeeperPods,
  ZOOKEEPER_PODS_REFUSED,
} from './__fixtures__/hidden.js';
import { NOW } from './__fixtures__/objects.js';
import { ClusterIndex } from './cluster-index.js';
import type { BudgetDelta, PdbEvaluation } from './types.js';

const ZK = { kind: 'PodDisruptionBudget', namespace: 'zookeeper', name: 'zookeeper' } as const;
const HIDDEN = 'pods not visible: no permission to list pods in zookeeper';

function pdbEval(index: ClusterIndex, ref: { namespace: string; name: string }): PdbEvaluation {
  const ev = index.budget({ kind: 'PodDisruptionBudget', ...ref });
  if (ev?.kind !== 'PodDisruptionBudget') throw new Error(`no PDB ${ref.namespace}/${ref.name}`);
  return ev;
}

const moved = (deltas: readonly BudgetDelta[]) =>
  deltas.map((d) => `${d.type} ${d.ref.namespace}/${d.ref.name}`);

describe('ClusterIndex under a visibility', () => {
  it('keeps the reported status of a budget whose pods are not visible, and knows no pod of it', () => {
    const world = withoutZookeeperPods(hiddenWorld());
    const index = new ClusterIndex({ now: NOW, visibility: ZOOKEEPER_PODS_REFUSED }, world);
    const zk = world.budgets.find((b) => b.namespace === 'zookeeper') as PdbView;
    expect(pdbEval(index, ZK)).toStrictEqual({
      kind: 'PodDisruptionBudget',
      ref: ZK,
      budget: zk,
      synced: zk,
      pods: [],
      sync: {
        status: zk.status,
        syncFailed: false,
        events: [],
        expected: { kind: 'none', unmanagedPods: [] },
      },
      counts: { selected: 0, available: 0, unavailable: 0, disrupted: 0 },
      firstEviction: firstEvictionOf(zk, true),
      evaluatedAtMs: NOW.getTime(),
      unseen: { pods: HIDDEN, recomputed: HIDDEN },
    });
    // The budget of a namespace whose pods are visible is evaluated as always.
    const web = pdbEval(index, { namespace: 'shop', name: 'web' });
    expect([web.unseen, web.counts.selected, web.sync.status.currentHealthy]).toStrictEqual([
      undefined,
      2,
      2,
    ]);
  });

  it('without a visibility, the same cluster reads as a budget selecting no pod (what the visibility prevents)', () => {
    const index = new ClusterIndex({ now: NOW }, withoutZookeeperPods(hiddenWorld()));
    const zk = pdbEval(index, ZK);
    expect([zk.unseen, zk.counts.selected, zk.sync.status.currentHealthy]).toStrictEqual([
      undefined,
      0,
      0,
    ]);
  });

  it('evaluates again only the budgets whose sight changed, and nothing when it did not', () => {
    const world = hiddenWorld();
    const index = new ClusterIndex({ now: NOW, visibility: ZOOKEEPER_PODS_REFUSED }, world);
    // The pods are held (a refusal that came after they were listed): the evaluation ignores them.
    expect(pdbEval(index, ZK).counts.selected).toBe(0);
    const same = index.setVisibility(
      makeVisibility({
        refusals: [
          {
            kind: 'pods',
            namespace: 'zookeeper',
            reason: 'no permission to list pods in zookeeper',
          },
        ],
      }),
    );
    const lifted = index.setVisibility(FULL_VISIBILITY);
    const zk = pdbEval(index, ZK);
    const otherNamespace = index.setVisibility(
      makeVisibility({
        refusals: [
          { kind: 'pods', namespace: 'payments', reason: 'no permission to list pods in payments' },
        ],
      }),
    );
    expect([
      moved(same),
      moved(lifted),
      zk.unseen,
      zk.counts,
      zk.sync.status.currentHealthy,
      moved(otherNamespace),
      index.visibility.refusals.map((r) => r.namespace),
    ]).toStrictEqual([
      [],
      ['changed zookeeper/zookeeper'],
      undefined,
      { selected: 3, available: 3, unavailable: 0, disrupted: 0 },
      3,
      [],
      ['payments'],
    ]);
  });

  it('with the controllers not visible, knows the pods and their lanes but decides on the reported status', () => {
    const world = hiddenWorld();
    const visibility = makeVisibility({
      refusals: [
        {
          kind: 'workloads',
          namespace: 'zookeeper',
          reason: 'no permission to list statefulsets in zookeeper',
        },
      ],
    });
    const index = new ClusterIndex(
      { now: NOW, visibility },
      { ...world, workloads: world.workloads.filter((w) => w.namespace !== 'zookeeper') },
    );
    const zk = pdbEval(index, ZK);
    expect([zk.unseen, zk.counts, zk.synced === zk.budget, zk.firstEviction]).toStrictEqual([
      {
        recomputed:
          "expected pods unknown: their controllers' scale is not visible: no permission to list statefulsets in zookeeper",
      },
      { selected: 3, available: 3, unavailable: 0, disrupted: 0 },
      true,
      firstEvictionOf(zk.budget, true),
    ]);
  });

  it('a loading index takes a visibility without evaluating, and evaluates under it when done', () => {
    const index = new ClusterIndex(
      { now: NOW, loading: true },
      withoutZookeeperPods(hiddenWorld()),
    );
    const during = index.setVisibility(ZOOKEEPER_PODS_REFUSED);
    const done = index.finishLoading({ now: NOW });
    expect([moved(during), moved(done).sort(), pdbEval(index, ZK).unseen?.pods]).toStrictEqual([
      [],
      ['added shop/web', 'added zookeeper/zookeeper'],
      HIDDEN,
    ]);
  });
});
