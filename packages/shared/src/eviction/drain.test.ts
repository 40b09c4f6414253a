import { describe, expect, it } from 'vitest';
import {
  NOW,
  deployment,
  labelPdb,
  labelPub,
  node,
  pod,
  statefulSet,
  workload,
} from '../index/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { WorkloadView } from '../model/workload.js';
import { planDrain, type PlanDrainInput } from './drain.js';
import type { DrainPlan } from './plan-types.js';

const NODES = ['node-a', 'node-b', 'node-c'];

interface Parts {
  pods: PodView[];
  workloads?: WorkloadView[];
  budgets?: Budget[];
}

function index(parts: Parts): ClusterIndex {
  return new ClusterIndex(
    { now: NOW },
    { nodes: NODES.map((n) => node(n)), workloads: [], budgets: [], ...parts },
  );
}

/** Plans draining node-a (unless told another node) of a cluster made of `parts` on NODES. */
function drain(
  parts: Parts,
  options: Partial<Pick<PlanDrainInput, 'node' | 'statusSource'>> = {},
): DrainPlan {
  return planDrain({ index: index(parts), node: 'node-a', now: NOW, ...options });
}

/** The plan without decision bodies: rounds as pod names, blocked pods as reason + budget. */
function summary(plan: DrainPlan) {
  return {
    rounds: plan.rounds.map((r) => ({
      evicted: r.evicted.map((p) => p.name),
      refused: r.steps
        .filter((s) => !s.decision.allowed)
        .map((s) => `${s.pod.name} ${s.decision.code}`),
      waitedFor: r.waitedFor.map((p) => p.evicted.name),
    })),
    skipped: plan.skipped.map((s) => `${s.pod.name} ${s.reason}`),
    blocked: plan.blocked.map((b) => `${b.pod.name} ${b.reason} ${b.budget?.name ?? '-'}`),
    complete: plan.complete,
  };
}

const zkLabels = { 'app.kubernetes.io/name': 'zookeeper', 'app.kubernetes.io/instance': 'kafka' };

describe('planDrain', () => {
  it('drains a ZooKeeper quorum (minAvailable 2 of 3) with two members on the node in two rounds', () => {
    const zk = statefulSet({
      namespace: 'kafka',
      name: 'zk',
      replicas: 3,
      labels: zkLabels,
      nodes: ['node-a', 'node-a', 'node-b'],
    });
    const plan = drain({
      ...zk,
      budgets: [
        labelPdb({ namespace: 'kafka', name: 'zk', matchLabels: zkLabels, minAvailable: 2 }),
      ],
    });
    expect(summary(plan)).toStrictEqual({
      rounds: [
        { evicted: ['zk-0'], refused: ['zk-1 429'], waitedFor: [] },
        { evicted: ['zk-1'], refused: [], waitedFor: ['zk-0'] },
      ],
      skipped: [],
      blocked: [],
      complete: true,
    });
    const refused = plan.rounds[0]?.steps[1]?.decision;
    expect(refused?.causes).toStrictEqual([
      {
        reason: 'DisruptionBudget',
        message: 'The disruption budget zk needs 2 healthy pods and has 2 currently',
      },
    ]);
    // After round 1's eviction the budget is used up: the step shows it.
    expect(
      plan.rounds[0]?.steps[0]?.budgetsAfter.map((b) =>
        b.kind === 'PodDisruptionBudget'
          ? [b.ref.name, b.status.currentHealthy, b.status.disruptionsAllowed]
          : [],
      ),
    ).toStrictEqual([['zk', 2, 0]]);
  });

  it('never drains a single-instance database whose budget has maxUnavailable 0', () => {
    const db = statefulSet({
      namespace: 'billing',
      name: 'postgres',
      replicas: 1,
      labels: { app: 'postgres' },
      nodes: ['node-a'],
    });
    const plan = drain({
      ...db,
      budgets: [labelPdb({ namespace: 'billing', name: 'postgres', maxUnavailable: 0 })],
    });
    expect(summary(plan)).toStrictEqual({
      rounds: [{ evicted: [], refused: ['postgres-0 429'], waitedFor: [] }],
      skipped: [],
      blocked: ['postgres-0 budget-allows-no-disruption postgres'],
      complete: false,
    });
    expect(plan.blocked[0]?.explanation).toBe(
      'postgres needs 1 healthy pods and can never have more than 1 (expected 1): it allows no disruption even with every pod Ready (e.g. maxUnavailable 0, or minAvailable ≥ replicas).',
    );
  });

  it('reports the 500 for a pod under two PDBs, while other pods of the budgets drain', () => {
    const web = deployment({
      namespace: 'shop',
      name: 'web',
      replicas: 4,
      labels: { app: 'web', tier: 'fe' },
      nodes: ['node-a', 'node-b'],
    });
    const budgets = [
      labelPdb({ namespace: 'shop', name: 'web', maxUnavailable: 1 }),
      labelPdb({
        namespace: 'shop',
        name: 'frontend',
        matchLabels: { tier: 'fe' },
        maxUnavailable: '50%',
      }),
    ];
    const plan = drain({ ...web, budgets });
    expect(summary(plan)).toStrictEqual({
      rounds: [
        {
          evicted: [],
          refused: ['web-6d4f8c7b9-bnx2k 500', 'web-6d4f8c7b9-dnx2k 500'],
          waitedFor: [],
        },
      ],
      skipped: [],
      blocked: ['web-6d4f8c7b9-bnx2k multiple-pdbs -', 'web-6d4f8c7b9-dnx2k multiple-pdbs -'],
      complete: false,
    });
    expect(plan.rounds[0]?.steps[0]?.decision).toMatchObject({
      code: 500,
      httpStatus: 500,
      allowed: false,
    });
    expect(plan.blocked[0]?.budgets.map((b) => b.name)).toStrictEqual(['frontend', 'web']);
  });

  it('skips DaemonSet and mirror pods, evicts bare pods without replacing them', () => {
    const pods = [
      pod({
        namespace: 'monitoring',
        name: 'node-exporter-x7k2p',
        labels: { app: 'node-exporter' },
        owner: { kind: 'DaemonSet', name: 'node-exporter' },
        node: 'node-a',
      }),
      pod({
        namespace: 'kube-system',
        name: 'kube-proxy-node-a',
        labels: { component: 'kube-proxy' },
        owner: { kind: 'Node', name: 'node-a', apiVersion: 'v1' },
        node: 'node-a',
      }),
      pod({ namespace: 'shop', name: 'debug-shell', labels: { run: 'debug' }, node: 'node-a' }),
    ];
    const plan = drain({ pods });
    expect(summary(plan)).toStrictEqual({
      rounds: [{ evicted: ['debug-shell'], refused: [], waitedFor: [] }],
      skipped: ['kube-proxy-node-a mirror', 'node-exporter-x7k2p daemonset'],
      blocked: [],
      complete: true,
    });
  });

  it('lets terminating and finished pods go at once without using budget', () => {
    const apiPod = (p: { name: string; rs: string; node: string; deleting?: boolean }) =>
      pod({
        namespace: 'shop',
        name: p.name,
        labels: { app: 'api' },
        owner: { kind: 'ReplicaSet', name: p.rs },
        node: p.node,
        deleting: p.deleting,
      });
    const pods = [
      apiPod({ name: 'api-old-x2k9p', rs: 'api-old', node: 'node-a', deleting: true }),
      pod({
        namespace: 'shop',
        name: 'migrate-7-q4x8z',
        labels: { app: 'api' },
        owner: { kind: 'Job', name: 'migrate-7', apiVersion: 'batch/v1' },
        node: 'node-a',
        phase: 'Succeeded',
        ready: false,
      }),
      apiPod({ name: 'api-new-b7c2d', rs: 'api-new', node: 'node-a' }),
      apiPod({ name: 'api-new-h8k3m', rs: 'api-new', node: 'node-b' }),
    ];
    const workloads = [
      workload({ namespace: 'shop', kind: 'ReplicaSet', name: 'api-old', replicas: 0 }),
      workload({ namespace: 'shop', kind: 'ReplicaSet', name: 'api-new', replicas: 2 }),
    ];
    const budgets = [labelPdb({ namespace: 'shop', name: 'api', minAvailable: 1 })];
    const plan = drain({ pods, workloads, budgets });
    expect(summary(plan)).toStrictEqual({
      rounds: [
        {
          evicted: ['api-new-b7c2d', 'api-old-x2k9p', 'migrate-7-q4x8z'],
          refused: [],
          waitedFor: [],
        },
      ],
      skipped: [],
      blocked: [],
      complete: true,
    });
    // Only the Ready pod's eviction used budget (minAvailable 1 of 2 Ready → 1 allowed).
    expect(plan.rounds[0]?.steps.map((s) => s.decision.pdbChanged)).toStrictEqual([
      true,
      false,
      false,
    ]);
  });

  it('keeps a bare pod under minAvailable 1 for good: nothing replaces it', () => {
    const pods = [
      pod({ namespace: 'ops', name: 'singleton', labels: { app: 'singleton' }, node: 'node-a' }),
    ];
    const budgets = [labelPdb({ namespace: 'ops', name: 'singleton', minAvailable: 1 })];
    const plan = drain({ pods, budgets });
    expect(summary(plan).blocked).toStrictEqual([
      'singleton budget-allows-no-disruption singleton',
    ]);
  });

  it('blocks on unhealthy pods elsewhere, and lets an unready pod go under AlwaysAllow', () => {
    // web-…-bnx2k (node-a) is crash-looping; the others are Ready.
    const web = deployment({
      namespace: 'shop',
      name: 'web',
      replicas: 3,
      unready: 1,
      labels: { app: 'web' },
      nodes: ['node-a', 'node-b', 'node-c'],
    });
    const strict = [labelPdb({ namespace: 'shop', name: 'web', minAvailable: 2 })];
    const onB = drain({ ...web, budgets: strict }, { node: 'node-b' });
    expect(summary(onB).blocked).toStrictEqual([
      'web-6d4f8c7b9-cnx2k unhealthy-pods-elsewhere web',
    ]);
    expect(onB.blocked[0]?.explanation).toBe(
      'web needs 2 healthy pods and has 2: 1 of its pods are not Ready and must recover before this pod can go.',
    );
    // IfHealthyBudget would refuse (2 healthy < 3 desired); AlwaysAllow lets the unready pod go.
    const always = [
      labelPdb({
        namespace: 'shop',
        name: 'web',
        minAvailable: 3,
        unhealthyPodEvictionPolicy: 'AlwaysAllow',
      }),
    ];
    const onA = drain({ ...web, budgets: always });
    expect(summary(onA).rounds).toStrictEqual([
      { evicted: ['web-6d4f8c7b9-bnx2k'], refused: [], waitedFor: [] },
    ]);
    expect(onA.rounds[0]?.steps[0]?.decision.pdbChanged).toBe(false);
  });

  it('drains a Deployment spread over the node one disruption at a time', () => {
    const api = deployment({
      namespace: 'shop',
      name: 'api',
      replicas: 6,
      labels: { app: 'api' },
      nodes: ['node-a', 'node-a', 'node-b'],
    });
    const budgets = [labelPdb({ namespace: 'shop', name: 'api', maxUnavailable: 1 })];
    const idx = index({ ...api, budgets });
    const before = idx.budget({ kind: 'PodDisruptionBudget', namespace: 'shop', name: 'api' });
    const plan = planDrain({ index: idx, node: 'node-a', now: NOW });
    expect(plan.rounds.map((r) => r.evicted.length)).toStrictEqual([1, 1, 1, 1]);
    expect(plan.complete).toBe(true);
    expect(plan.rounds[3]?.waitedFor).toStrictEqual([
      {
        evicted: { kind: 'Pod', namespace: 'shop', name: 'api-6d4f8c7b9-fnx2k' },
        replacement: { kind: 'Pod', namespace: 'shop', name: 'api-6d4f8c7b9-fnx2k-replacement' },
      },
    ]);
    // The real index is untouched.
    expect(idx.budget({ kind: 'PodDisruptionBudget', namespace: 'shop', name: 'api' })).toBe(
      before,
    );
    expect(idx.podsOnNode('node-a')).toHaveLength(4);
  });

  it('reports an OpenKruise PUB denial', () => {
    const annotated = { 'pub.kruise.io/related-pub': 'cache' };
    const pods = [0, 1, 2].map((i) =>
      pod({
        namespace: 'shop',
        name: `cache-${i}`,
        labels: { app: 'cache' },
        owner: { kind: 'StatefulSet', name: 'cache' },
        node: i < 2 ? 'node-a' : 'node-b',
        annotations: annotated,
      }),
    );
    const workloads = [
      workload({ namespace: 'shop', kind: 'StatefulSet', name: 'cache', replicas: 3 }),
    ];
    const budgets = [labelPub({ namespace: 'shop', name: 'cache', maxUnavailable: 1 })];
    const plan = drain({ pods, workloads, budgets });
    expect(summary(plan)).toStrictEqual({
      rounds: [
        { evicted: ['cache-0'], refused: ['cache-1 403'], waitedFor: [] },
        { evicted: ['cache-1'], refused: [], waitedFor: ['cache-0'] },
      ],
      skipped: [],
      blocked: [],
      complete: true,
    });
    expect(plan.rounds[0]?.steps[1]?.decision.message).toBe(
      'admission webhook "vpodeviction.kb.io" denied the request: podunavailablebudget.policy.kruise.io "cache" is forbidden: pub unavailable allowed is negative',
    );
  });

  it('says a stale budget blocks when planning from the stored status', () => {
    const web = deployment({
      namespace: 'shop',
      name: 'web',
      replicas: 2,
      labels: { app: 'web' },
      nodes: ['node-a', 'node-b'],
    });
    const budgets = [
      labelPdb({
        namespace: 'shop',
        name: 'web',
        maxUnavailable: 1,
        generation: 3,
        observedGeneration: 2,
      }),
    ];
    const plan = drain({ ...web, budgets }, { statusSource: 'stored' });
    expect(summary(plan).blocked).toStrictEqual(['web-6d4f8c7b9-bnx2k status-stale web']);
    expect(drain({ ...web, budgets }).complete).toBe(true);
  });
});
