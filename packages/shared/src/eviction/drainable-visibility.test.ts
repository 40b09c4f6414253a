import { describe, expect, it } from 'vitest';
import {
  hiddenWorld,
  withoutZookeeperPods,
  ZOOKEEPER_PODS_REFUSED,
} from '../index/__fixtures__/hidden.js';
import { labelPdb, NOW } from '../index/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import { makeVisibility } from '../visibility/visibility.js';
import { planDrain } from './drain.js';
import { countDrainableNow, DRAINABLE_NOW_OPTIONS, drainableNowByNode } from './drainable-now.js';

const ZK_HIDDEN = 'pods in zookeeper not visible: no permission to list pods in zookeeper';

describe('drainable now under a visibility', () => {
  it('never calls a node drainable while pods of some namespace are not visible: any node may hold them', () => {
    const index = new ClusterIndex(
      { now: NOW, visibility: ZOOKEEPER_PODS_REFUSED },
      withoutZookeeperPods(hiddenWorld()),
    );
    const all = drainableNowByNode({ index, now: NOW });
    const unknown = {
      state: 'unknown',
      pods: [],
      budgets: [],
      reason: `drainable as far as the visible pods go; ${ZK_HIDDEN}`,
      unseen: [ZK_HIDDEN],
    };
    expect([...all]).toStrictEqual([
      ['worker-1', unknown],
      ['worker-2', unknown],
      ['worker-3', unknown],
    ]);
    expect(countDrainableNow(all.values())).toStrictEqual({
      drainable: 0,
      refused: 0,
      stuck: 0,
      unknown: 3,
    });
  });

  it('keeps a stuck answer on visible pods whose budgets are visible, saying what it cannot see', () => {
    const world = withoutZookeeperPods(hiddenWorld());
    const index = new ClusterIndex(
      { now: NOW, visibility: ZOOKEEPER_PODS_REFUSED },
      {
        ...world,
        budgets: world.budgets.map((b) =>
          b.namespace === 'shop'
            ? labelPdb({
                namespace: 'shop',
                name: 'web',
                minAvailable: 2,
                reported: {
                  expectedPods: 2,
                  desiredHealthy: 2,
                  currentHealthy: 2,
                  disruptionsAllowed: 0,
                },
              })
            : b,
        ),
      },
    );
    const worker1 = drainableNowByNode({ index, now: NOW }).get('worker-1');
    expect([worker1?.state, worker1?.budgets, worker1?.unseen]).toStrictEqual([
      'stuck',
      [{ kind: 'PodDisruptionBudget', namespace: 'shop', name: 'web' }],
      [ZK_HIDDEN],
    ]);
  });

  it('does not know the evictions of pods whose namespace’s budgets are not visible', () => {
    const world = hiddenWorld();
    const visibility = makeVisibility({
      refusals: [
        {
          kind: 'budgets',
          namespace: 'shop',
          reason: 'no permission to list poddisruptionbudgets in shop',
        },
      ],
    });
    const index = new ClusterIndex(
      { now: NOW, visibility },
      { ...world, budgets: world.budgets.filter((b) => b.namespace !== 'shop') },
    );
    const all = drainableNowByNode({ index, now: NOW });
    const shopUnseen =
      'budgets in shop not visible: no permission to list poddisruptionbudgets in shop';
    expect([all.get('worker-1'), all.get('worker-3')]).toStrictEqual([
      {
        state: 'unknown',
        pods: [],
        budgets: [],
        reason: `drainable as far as the visible pods go; ${shopUnseen}`,
        unseen: [shopUnseen],
      },
      // Every pod is visible and none of worker-3's is in shop: its answer is whole.
      { state: 'drainable', pods: [], budgets: [], reason: '' },
    ]);
  });
});

describe('planDrain under a visibility', () => {
  it('does not say a drain completes while pods of some namespace are not visible', () => {
    const index = new ClusterIndex(
      { now: NOW, visibility: ZOOKEEPER_PODS_REFUSED },
      withoutZookeeperPods(hiddenWorld()),
    );
    const plan = planDrain({ index, node: 'worker-1', now: NOW, options: DRAINABLE_NOW_OPTIONS });
    const full = planDrain({
      index: new ClusterIndex({ now: NOW }, withoutZookeeperPods(hiddenWorld())),
      node: 'worker-1',
      now: NOW,
      options: DRAINABLE_NOW_OPTIONS,
    });
    const { verdict, complete, unseen, ...rest } = plan;
    const { verdict: fullVerdict, complete: fullComplete, ...fullRest } = full;
    expect([verdict, complete, unseen, fullVerdict, fullComplete, rest]).toStrictEqual([
      'unknown',
      false,
      [ZK_HIDDEN],
      'completes',
      true,
      fullRest,
    ]);
  });

  it('does not check scheduling on nodes it may not see', () => {
    const world = hiddenWorld();
    const visibility = makeVisibility({
      refusals: [{ kind: 'nodes', reason: 'no permission to list nodes' }],
    });
    const index = new ClusterIndex({ now: NOW, visibility }, { ...world, nodes: [] });
    const plan = planDrain({ index, node: 'worker-1', now: NOW, options: DRAINABLE_NOW_OPTIONS });
    expect([plan.verdict, plan.schedulingChecked, plan.unseen]).toStrictEqual([
      'unknown',
      false,
      [
        'nodes not visible: no permission to list nodes; replacements are assumed to fit on the nodes the pods name',
      ],
    ]);
  });
});
