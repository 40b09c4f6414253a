import { describe, expect, it } from 'vitest';
import { NOW, labelPdb, node, statefulSet } from '../index/__fixtures__/objects.js';
import type { ResourceRef } from '../model/refs.js';
import { clusterOf } from './__fixtures__/cluster.js';
import { planUpgrade, type UpgradeRequest } from './plan.js';
import type { StuckPod } from './types.js';

const POOL = ['pool-1', 'pool-2'];

/** A single-replica database on pool-1 under minAvailable 1; pool-2 empty; labelled as `labels`. */
function database(labels: Record<string, string> = {}) {
  const db = statefulSet({
    namespace: 'db',
    name: 'postgres',
    replicas: 1,
    labels: { app: 'postgres' },
    nodes: ['pool-1'],
  });
  return clusterOf({
    ...db,
    budgets: [
      labelPdb({
        namespace: 'db',
        name: 'postgres',
        matchLabels: { app: 'postgres' },
        minAvailable: 1,
      }),
    ],
    nodeViews: POOL.map((n) =>
      node(n, true, {
        labels: { pool: 'db', 'topology.kubernetes.io/zone': 'eu-west-1a', ...labels },
      }),
    ),
  });
}

function plan(labels: Record<string, string>, request: Omit<UpgradeRequest, 'selector'>) {
  const p = planUpgrade(database(labels), { selector: 'pool=db', ...request }, NOW);
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

const pdb: ResourceRef = { kind: 'PodDisruptionBudget', namespace: 'db', name: 'postgres' };
const postgres0: ResourceRef = { kind: 'Pod', namespace: 'db', name: 'postgres-0' };

/** postgres-0 as every provider leaves it: its budget allows no disruption, ever. */
const stuck: StuckPod = {
  pod: postgres0,
  node: 'pool-1',
  budgets: [pdb],
  httpStatus: 429,
  reason: 'no-disruption-allowed',
  explanation:
    'postgres (minAvailable 1) needs 1 healthy pod and can never have more than 1 (expected 1): it allows no disruption even with every pod Ready. Change the budget or scale the workload up.',
};

const AKS_DEBUG =
  "Drain node pool-1 failed when evicting pod postgres-0 failed with Too Many Requests error. This is often caused by a restrictive Pod Disruption Budget (PDB) policy. See https://aka.ms/aks/debugdrainfailures. Original error: Cannot evict pod as it would violate the pod's disruption budget.. PDB debug info: db/postgres-0 blocked by pdb postgres with 0 unready pods.";

describe('a single-replica database under minAvailable 1, upgraded by each provider', () => {
  it('stalls under kubectl drain, which waits for ever', () => {
    const { forecast, profile } = plan({}, {});
    expect({
      verdict: forecast.verdict,
      stall: forecast.stall?.pods,
      duration: forecast.durationSeconds,
      profile,
    }).toStrictEqual({
      verdict: 'stalls',
      stall: [stuck],
      duration: 0,
      profile: {
        provider: 'kubectl',
        source: 'default',
        maxSurge: 0,
        maxUnavailable: 1,
        defaulted: [],
        atTimeout: 'wait',
      },
    });
  });

  it('is forced on GKE: after an hour the pod is deleted, its budget broken, and the upgrade goes on', () => {
    const { forecast, profile } = plan(
      { 'cloud.google.com/gke-nodepool': 'db' },
      { provider: 'gke' },
    );
    expect({
      verdict: forecast.verdict,
      forced: forecast.forced,
      steps: forecast.steps,
      duration: forecast.durationSeconds,
      surge: forecast.surgeNodes,
      profile,
    }).toStrictEqual({
      verdict: 'forces',
      forced: [
        {
          step: 1,
          nodes: ['pool-1'],
          atSeconds: 3600,
          afterSeconds: 3600,
          pods: [stuck],
          budgets: [{ budget: pdb, healthy: 0, required: 1 }],
          summary:
            'Step 1: after 60 min GKE deletes 1 pod on pool-1 that its budget protects: db/postgres-0 (PodDisruptionBudget db/postgres: 0 healthy of 1 required).',
        },
      ],
      steps: [
        {
          step: 1,
          nodes: ['pool-1'],
          startSeconds: 0,
          // Deleted at 60 min; pool-1 replaced 90 s later.
          endSeconds: 3690,
          evicted: [],
          // Its StatefulSet recreates it on the surge node, Ready 30 s later.
          replacements: [{ pod: postgres0, node: 'pool-1-surge-1', readySeconds: 30 }],
          // GKE kept asking, every 5 s for the hour.
          retries: 720,
          completed: true,
          forced: [postgres0],
        },
        {
          step: 2,
          nodes: ['pool-2'],
          startSeconds: 3690,
          endSeconds: 3780,
          evicted: [],
          replacements: [],
          retries: 0,
          completed: true,
        },
      ],
      duration: 3780,
      surge: ['pool-1-surge-1'],
      profile: {
        provider: 'gke',
        source: 'request',
        guess: {
          provider: 'gke',
          label: 'cloud.google.com/gke-nodepool',
          value: 'db',
          node: 'pool-1',
        },
        maxSurge: 1,
        maxUnavailable: 0,
        defaulted: ['maxSurge', 'maxUnavailable', 'drainTimeoutSeconds'],
        drainTimeoutSeconds: 3600,
        atTimeout: 'delete-pods',
      },
    });
  });

  it('fails on EKS with PodEvictionFailure after 15 minutes, naming the node group and the node', () => {
    const { forecast } = plan({ 'eks.amazonaws.com/nodegroup': 'db-ng' }, { provider: 'eks' });
    expect({
      verdict: forecast.verdict,
      failure: forecast.failure,
      duration: forecast.durationSeconds,
      completed: forecast.steps.map((s) => s.completed),
    }).toStrictEqual({
      verdict: 'fails',
      failure: {
        provider: 'eks',
        code: 'PodEvictionFailure',
        message: 'Reached max retries while trying to evict pods from nodes in node group db-ng',
        step: 1,
        node: 'pool-1',
        nodes: ['pool-1'],
        atSeconds: 900,
        pods: [stuck],
        budgets: [pdb],
      },
      duration: 900,
      completed: [false],
    });
  });

  it('is forced on EKS with force after 15 minutes; EKS waits 60 s before deleting each node', () => {
    const { forecast, profile } = plan(
      { 'eks.amazonaws.com/nodegroup': 'db-ng' },
      { provider: 'eks', forceUpdate: true },
    );
    expect({
      verdict: forecast.verdict,
      forced: forecast.forced?.map((f) => [f.atSeconds, f.afterSeconds, f.pods, f.budgets]),
      ends: forecast.steps.map((s) => s.endSeconds),
      replacements: forecast.steps[0]?.replacements,
      surge: forecast.surgeNodes,
      strategy: forecast.strategy,
      profile: [profile.maxSurge, profile.maxUnavailable, profile.forceUpdate, profile.atTimeout],
    }).toStrictEqual({
      verdict: 'forces',
      forced: [[900, 900, [stuck], [{ budget: pdb, healthy: 0, required: 1 }]]],
      // 900 + 90 + 60, then 150 more for the empty pool-2.
      ends: [1050, 1200],
      replacements: [{ pod: postgres0, node: 'pool-1-surge-1', readySeconds: 30 }],
      // One zone: up to two new nodes, one node drained at a time.
      surge: ['pool-1-surge-1', 'pool-1-surge-2'],
      strategy: { maxUnavailable: 1, maxSurge: 2 },
      profile: [2, 1, true, 'delete-pods'],
    });
  });

  it('fails on AKS after its 30-minute drain timeout with UpgradeFailed and its PDB debug info', () => {
    const { forecast, profile } = plan(
      { 'kubernetes.azure.com/agentpool': 'dbpool' },
      { provider: 'aks' },
    );
    expect({
      verdict: forecast.verdict,
      failure: forecast.failure,
      profile: [profile.maxSurge, profile.undrainableNodeBehavior, profile.drainTimeoutSeconds],
    }).toStrictEqual({
      verdict: 'fails',
      failure: {
        provider: 'aks',
        code: 'UpgradeFailed',
        message: AKS_DEBUG,
        step: 1,
        node: 'pool-1',
        nodes: ['pool-1'],
        atSeconds: 1800,
        pods: [stuck],
        budgets: [pdb],
      },
      // 10% of two nodes, rounded up.
      profile: [1, 'Schedule', 1800],
    });
  });

  it('quarantines the node on AKS with Cordon and upgrades the others; the operation ends Failed', () => {
    const { forecast } = plan(
      { 'kubernetes.azure.com/agentpool': 'dbpool' },
      { provider: 'aks', undrainableNodeBehavior: 'Cordon', drainTimeoutSeconds: 600 },
    );
    expect({
      verdict: forecast.verdict,
      quarantined: forecast.quarantined,
      failure: forecast.failure,
      steps: forecast.steps.map((s) => [s.nodes, s.endSeconds, s.completed, s.quarantined]),
    }).toStrictEqual({
      verdict: 'fails',
      quarantined: [
        {
          step: 1,
          node: 'pool-1',
          atSeconds: 600,
          label: 'kubernetes.azure.com/upgrade-status=Quarantined',
          pods: [stuck],
          message: AKS_DEBUG,
        },
      ],
      failure: {
        provider: 'aks',
        code: 'Failed',
        message:
          'The upgrade ends Failed: 1 node (pool-1) could not be drained within 10 min and stay cordoned with label kubernetes.azure.com/upgrade-status=Quarantined, not upgraded; the other nodes are.',
        step: 1,
        node: 'pool-1',
        nodes: ['pool-1'],
        atSeconds: 690,
        pods: [stuck],
        budgets: [pdb],
      },
      // pool-1 is not replaced: step 2 starts at the timeout.
      steps: [
        [['pool-1'], 600, false, ['pool-1']],
        [['pool-2'], 690, true, undefined],
      ],
    });
  });

  it('offers the same fixes on every provider: each turns the verdict into completes', () => {
    const outcomes = (['kubectl', 'gke', 'eks', 'aks'] as const).map((provider) =>
      plan({}, { provider }).fixes.map((f) => `${f.outcome}: ${f.title} (${f.forecast.verdict})`),
    );
    const fixes = [
      'completes: Scale StatefulSet db/postgres to 2 replicas (completes)',
      "completes: Lower PodDisruptionBudget db/postgres's minAvailable to 0 (completes)",
    ];
    expect(outcomes).toStrictEqual([fixes, fixes, fixes, fixes]);
  });
});
