import { describe, expect, it } from 'vitest';
import { NOW, deployment, labelPdb, node } from '../index/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import { planEvictions } from './plan.js';

function shop(): ClusterIndex {
  const web = deployment({
    namespace: 'shop',
    name: 'web',
    replicas: 3,
    labels: { app: 'web' },
    nodes: ['node-a', 'node-b', 'node-c'],
  });
  return new ClusterIndex(
    { now: NOW },
    {
      ...web,
      nodes: [node('node-a'), node('node-b'), node('node-c')],
      budgets: [labelPdb({ namespace: 'shop', name: 'web', maxUnavailable: 1 })],
    },
  );
}

const pods = [
  { namespace: 'shop', name: 'web-6d4f8c7b9-bnx2k' },
  { namespace: 'shop', name: 'web-6d4f8c7b9-cnx2k' },
  { namespace: 'shop', name: 'web-6d4f8c7b9-ghost' },
];

describe('planEvictions', () => {
  it('applies accepted evictions cumulatively: the budget is used up for the next', () => {
    const index = shop();
    const plan = planEvictions({ index, pods, now: NOW });
    expect(plan.steps.map((s) => [s.pod.name, s.decision.code, s.decision.reason])).toStrictEqual([
      ['web-6d4f8c7b9-bnx2k', 201, ''],
      ['web-6d4f8c7b9-cnx2k', 429, 'TooManyRequests'],
      ['web-6d4f8c7b9-ghost', 404, 'NotFound'],
    ]);
    const after = plan.steps[0]?.budgetsAfter[0];
    expect(
      after?.kind === 'PodDisruptionBudget' && { ...after.status, conditions: undefined },
    ).toStrictEqual({
      observedGeneration: 1,
      disruptedPods: {},
      disruptionsAllowed: 0,
      currentHealthy: 2,
      desiredHealthy: 2,
      expectedPods: 3,
      conditions: undefined,
    });
    expect(after?.counts).toStrictEqual({
      selected: 3,
      available: 2,
      unavailable: 1,
      disrupted: 0,
    });
    expect(plan.steps[0]?.decision.pdbAfter?.status.disruptedPods).toStrictEqual({
      'web-6d4f8c7b9-bnx2k': '2024-05-01T12:00:00Z',
    });
    expect({
      evicted: plan.evicted.map((p) => p.name),
      refused: plan.refused.map((p) => p.name),
    }).toStrictEqual({
      evicted: ['web-6d4f8c7b9-bnx2k'],
      refused: ['web-6d4f8c7b9-cnx2k', 'web-6d4f8c7b9-ghost'],
    });
  });

  it('judges every eviction against the unchanged cluster on a dry run, as dryRun=All does', () => {
    const plan = planEvictions({ index: shop(), pods: pods.slice(0, 2), now: NOW, dryRun: true });
    expect(
      plan.steps.map((s) => [s.decision.code, s.decision.podDeleted, s.decision.pdbChanged]),
    ).toStrictEqual([
      [201, false, false],
      [201, false, false],
    ]);
  });

  it('never changes the index', () => {
    const index = shop();
    const before = [...index.budgets()];
    const pod = index.pod(pods[0] ?? { namespace: '', name: '' });
    planEvictions({ index, pods, now: NOW });
    expect([...index.budgets()]).toStrictEqual(before);
    expect(index.pod(pods[0] ?? { namespace: '', name: '' })).toBe(pod);
  });
});
