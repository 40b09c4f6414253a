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
  options: Partial<Pick<PlanDrainInput, 'node' | 'statusSource' | 'options'>> = {},
): DrainPlan {
  return planDrain({ index: index(parts), node: 'node-a', now: NOW, ...options });
}

/** What `kubectl drain --ignore-daemonsets --delete-emptydir-data --force` does. */
const ALL_FLAGS = { force: true, ignoreDaemonSets: true, deleteEmptyDirData: true };

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
    failed: plan.failed.map((f) => `${f.pod.name} ${f.decision.code} round ${f.round}`),
    blocked: plan.blocked.map(
      (b) => `${b.pod.name} ${b.reason} ${b.outlook} ${b.budget?.name ?? '-'}`,
    ),
    verdict: plan.verdict,
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
      failed: [],
      blocked: [],
      verdict: 'completes',
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
      failed: [],
      blocked: ['postgres-0 budget-allows-no-disruption never postgres'],
      verdict: 'stuck',
    });
    expect(plan.blocked[0]?.explanation).toBe(
      'postgres (maxUnavailable 0) needs 1 healthy pod and can never have more than 1 (expected 1): it allows no disruption even with every pod Ready. Change the budget or scale the workload up.',
    );
  });

  it('fails the drain for pods under two PDBs (500, not retried)', () => {
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
      failed: ['web-6d4f8c7b9-bnx2k 500 round 1', 'web-6d4f8c7b9-dnx2k 500 round 1'],
      blocked: [],
      verdict: 'fails',
    });
    expect(plan.rounds[0]?.steps[0]?.decision).toMatchObject({ code: 500, allowed: false });
    expect(plan.failed[0]?.budgets.map((b) => b.name)).toStrictEqual(['frontend', 'web']);
    expect(plan.failed[0]?.message).toBe(
      'error when evicting pods/"web-6d4f8c7b9-bnx2k" -n "shop": This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
    );
  });

  it('with every flag: skips DaemonSet and mirror pods, evicts bare pods without replacing them', () => {
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
        annotations: { 'kubernetes.io/config.mirror': '0f3c1e2d' },
        node: 'node-a',
      }),
      pod({ namespace: 'shop', name: 'debug-shell', labels: { run: 'debug' }, node: 'node-a' }),
    ];
    const plan = drain({ pods }, { options: ALL_FLAGS });
    expect(summary(plan)).toStrictEqual({
      rounds: [{ evicted: ['debug-shell'], refused: [], waitedFor: [] }],
      skipped: ['kube-proxy-node-a mirror', 'node-exporter-x7k2p daemonset'],
      failed: [],
      blocked: [],
      verdict: 'completes',
    });
    expect(plan.warnings).toStrictEqual([
      {
        message: 'ignoring DaemonSet-managed Pods',
        pods: [{ kind: 'Pod', namespace: 'monitoring', name: 'node-exporter-x7k2p' }],
      },
      {
        message: 'deleting Pods that declare no controller',
        pods: [{ kind: 'Pod', namespace: 'shop', name: 'debug-shell' }],
      },
    ]);
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
      failed: [],
      blocked: [],
      verdict: 'completes',
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
    const plan = drain({ pods, budgets }, { options: { force: true } });
    expect(summary(plan).blocked).toStrictEqual([
      'singleton budget-allows-no-disruption never singleton',
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
      'web-6d4f8c7b9-cnx2k unhealthy-pods-elsewhere until web',
    ]);
    expect(onB.blocked[0]?.explanation).toBe(
      'Blocked until web-6d4f8c7b9-bnx2k is Ready: web needs 2 healthy pods and has 2, so it allows no disruption.',
    );
    expect(onB.blocked[0]?.waitsFor).toStrictEqual([
      { kind: 'Pod', namespace: 'shop', name: 'web-6d4f8c7b9-bnx2k' },
    ]);
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
        // node-c took the first two (fewest pods), then ties with node-b go by name.
        node: 'node-b',
      },
    ]);
    // The real index is untouched.
    expect(idx.budget({ kind: 'PodDisruptionBudget', namespace: 'shop', name: 'api' })).toBe(
      before,
    );
    expect(idx.podsOnNode('node-a')).toHaveLength(4);
  });

  it('fails the drain for a pod OpenKruise denies (403 is not retried)', () => {
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
      rounds: [{ evicted: ['cache-0'], refused: ['cache-1 403'], waitedFor: [] }],
      skipped: [],
      failed: ['cache-1 403 round 1'],
      blocked: [],
      verdict: 'fails',
    });
    expect(plan.failed[0]?.message).toBe(
      'error when evicting pods/"cache-1" -n "shop": admission webhook "vpodeviction.kb.io" denied the request: podunavailablebudget.policy.kruise.io "cache" is forbidden: pub unavailable allowed is negative',
    );
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
    expect(summary(plan).blocked).toStrictEqual(['web-6d4f8c7b9-bnx2k status-stale until web']);
    expect(drain({ ...web, budgets }).complete).toBe(true);
  });
});
