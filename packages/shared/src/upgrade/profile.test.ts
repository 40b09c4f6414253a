import { describe, expect, it } from 'vitest';
import {
  NOW,
  deployment,
  labelPdb,
  node,
  pod,
  statefulSet,
} from '../index/__fixtures__/objects.js';
import { clusterOf } from './__fixtures__/cluster.js';
import { planUpgrade } from './plan.js';
import { resolveProfile, type ProviderOptions } from './profile.js';
import { aksDrainFailureMessage } from './provider-messages.js';
import { guessProvider } from './provider-guess.js';

/** A pool of `size` nodes spread over `zones` zones, labelled `labels`. */
const pool = (size: number, zones: number, labels: Record<string, string> = {}) =>
  Array.from({ length: size }, (_, i) =>
    node(`n-${i + 1}`, true, {
      labels: { 'topology.kubernetes.io/zone': `z${i % zones}`, ...labels },
    }),
  );

function strategyOf(options: ProviderOptions, size = 25, zones = 3) {
  const r = resolveProfile(options, pool(size, zones));
  if (!r.ok) throw new Error(r.error);
  const { profile, strategy, drain, rules, afterDrainSeconds } = r.value;
  return {
    settings: [profile.maxSurge, profile.maxUnavailable, profile.drainTimeoutSeconds],
    strategy,
    force: drain.force,
    rules,
    afterDrainSeconds,
  };
}

describe('resolveProfile', () => {
  it('gives each provider its documented defaults, and the batches they drain, on 25 nodes in 3 zones', () => {
    expect({
      kubectl: strategyOf({}),
      gke: strategyOf({ provider: 'gke' }),
      eks: strategyOf({ provider: 'eks' }),
      aks: strategyOf({ provider: 'aks' }),
    }).toStrictEqual({
      kubectl: {
        settings: [0, 1, undefined],
        strategy: { maxUnavailable: 1, maxSurge: 0 },
        force: false,
        rules: undefined,
        afterDrainSeconds: 0,
      },
      // maxSurge 1, maxUnavailable 0: one surge node, one node drained at a time, an hour each.
      gke: {
        settings: [1, 0, 3600],
        strategy: { maxUnavailable: 1, maxSurge: 1 },
        force: true,
        rules: {
          provider: 'gke',
          drainTimeoutSeconds: 3600,
          atTimeout: 'delete-pods',
          surgeSetting: true,
          surgeDrains: true,
        },
        afterDrainSeconds: 0,
      },
      // maxUnavailable 1; up to twice the zones launched; 15 minutes; 60 s before the deletion.
      eks: {
        settings: [6, 1, 900],
        strategy: { maxUnavailable: 1, maxSurge: 6 },
        force: true,
        rules: {
          provider: 'eks',
          drainTimeoutSeconds: 900,
          atTimeout: 'fail',
          surgeSetting: false,
          surgeDrains: false,
        },
        afterDrainSeconds: 60,
      },
      // 10% of 25, rounded up: 3 surge nodes, 3 nodes drained at a time, 30 minutes each.
      aks: {
        settings: [3, 0, 1800],
        strategy: { maxUnavailable: 3, maxSurge: 3 },
        force: true,
        rules: {
          provider: 'aks',
          drainTimeoutSeconds: 1800,
          atTimeout: 'fail',
          surgeSetting: true,
          surgeDrains: true,
        },
        afterDrainSeconds: 0,
      },
    });
  });

  it("takes the user's settings over the defaults, and the options of each provider", () => {
    expect({
      gke: strategyOf({
        provider: 'gke',
        maxSurge: 2,
        maxUnavailable: 1,
        drainTimeoutSeconds: 600,
      }),
      eks: strategyOf({ provider: 'eks', maxUnavailable: 10, forceUpdate: true }),
      aks: strategyOf({
        provider: 'aks',
        maxSurge: 0,
        maxUnavailable: 2,
        undrainableNodeBehavior: 'Cordon',
      }),
    }).toStrictEqual({
      gke: {
        settings: [2, 1, 600],
        strategy: { maxUnavailable: 3, maxSurge: 2 },
        force: true,
        rules: {
          provider: 'gke',
          drainTimeoutSeconds: 600,
          atTimeout: 'delete-pods',
          surgeSetting: true,
          surgeDrains: true,
        },
        afterDrainSeconds: 0,
      },
      // More unavailable than twice the zones: as many launched as drained.
      eks: {
        settings: [10, 10, 900],
        strategy: { maxUnavailable: 10, maxSurge: 10 },
        force: true,
        rules: {
          provider: 'eks',
          drainTimeoutSeconds: 900,
          atTimeout: 'delete-pods',
          surgeSetting: false,
          surgeDrains: false,
        },
        afterDrainSeconds: 60,
      },
      aks: {
        settings: [0, 2, 1800],
        strategy: { maxUnavailable: 2, maxSurge: 0 },
        force: true,
        rules: {
          provider: 'aks',
          drainTimeoutSeconds: 1800,
          atTimeout: 'quarantine',
          surgeSetting: true,
          surgeDrains: true,
        },
        afterDrainSeconds: 0,
      },
    });
  });

  it('uses the provider the node labels name when asked to guess, and says so', () => {
    const gke = pool(2, 1, { 'cloud.google.com/gke-nodepool': 'default-pool' });
    const guessed = resolveProfile({ provider: 'auto' }, gke);
    const none = resolveProfile({ provider: 'auto' }, pool(2, 1));
    const chosen = resolveProfile({ provider: 'kubectl' }, gke);
    expect([
      guessed.ok && [guessed.value.profile.provider, guessed.value.profile.source],
      none.ok && [none.value.profile.provider, none.value.profile.source],
      chosen.ok && [chosen.value.profile.provider, chosen.value.profile.guess?.provider],
    ]).toStrictEqual([
      ['gke', 'guessed'],
      ['kubectl', 'default'],
      ['kubectl', 'gke'],
    ]);
  });

  it('refuses options that belong to another provider, and settings that upgrade nothing', () => {
    const nodes = pool(3, 1);
    const errors = (
      [
        { provider: 'kubectl', drainTimeoutSeconds: 60 },
        { provider: 'gke', forceUpdate: true },
        { provider: 'eks', undrainableNodeBehavior: 'Cordon' },
        { provider: 'gke', ignoreDaemonSets: true, force: true },
        { provider: 'eks', maxSurge: 2 },
        { provider: 'aks', maxSurge: 0, maxUnavailable: 0 },
        { provider: 'kubectl', maxUnavailable: 0 },
      ] satisfies ProviderOptions[]
    ).map((o) => {
      const r = resolveProfile(o, nodes);
      return r.ok ? 'ok' : r.error;
    });
    expect(errors).toStrictEqual([
      'drainTimeoutSeconds applies to a managed provider (gke, eks, aks): kubectl drain waits for ever',
      'forceUpdate is an option of EKS node group updates (provider eks), not gke',
      'undrainableNodeBehavior is an option of AKS (provider aks), not eks',
      "force, ignoreDaemonSets are options of kubectl drain, not of gke's upgrade",
      'EKS has no maxSurge to set: it launches up to two nodes per zone',
      'maxSurge and maxUnavailable are both 0: aks would upgrade no node',
      'maxUnavailable must be at least 1',
    ]);
    const guessed = resolveProfile(
      { provider: 'auto', forceUpdate: true },
      pool(1, 1, { agentpool: 'nodepool1' }),
    );
    expect(guessed).toStrictEqual({
      ok: false,
      error:
        'forceUpdate is an option of EKS node group updates (provider eks), not aks (guessed from node label agentpool)',
    });
  });
});

describe('guessProvider', () => {
  it("reads each provider's pool label, the first node that has one deciding", () => {
    const labelled = (labels: Record<string, string>) => [
      node('plain'),
      node('labelled', true, { labels }),
    ];
    expect([
      guessProvider(labelled({ 'cloud.google.com/gke-nodepool': 'default-pool' })),
      guessProvider(labelled({ 'eks.amazonaws.com/nodegroup': 'ng-1' })),
      guessProvider(labelled({ 'kubernetes.azure.com/agentpool': 'nodepool1', agentpool: 'x' })),
      guessProvider(labelled({ agentpool: 'nodepool1' })),
      guessProvider([node('plain')]),
    ]).toStrictEqual([
      {
        provider: 'gke',
        label: 'cloud.google.com/gke-nodepool',
        value: 'default-pool',
        node: 'labelled',
      },
      { provider: 'eks', label: 'eks.amazonaws.com/nodegroup', value: 'ng-1', node: 'labelled' },
      {
        provider: 'aks',
        label: 'kubernetes.azure.com/agentpool',
        value: 'nodepool1',
        node: 'labelled',
      },
      { provider: 'aks', label: 'agentpool', value: 'nodepool1', node: 'labelled' },
      undefined,
    ]);
  });
});

describe("AKS's drain failure message", () => {
  it('lists the unready pods of the budget in its PDB debug info', () => {
    const ready = pod({ namespace: 'web', name: 'api-1', labels: { app: 'api' }, node: 'n-1' });
    const crashing = pod({
      namespace: 'web',
      name: 'api-2',
      labels: { app: 'api' },
      node: 'n-2',
      ready: false,
    });
    const budget = { kind: 'PodDisruptionBudget', namespace: 'web', name: 'api' };
    expect(
      aksDrainFailureMessage({
        node: 'n-1',
        pod: {
          pod: { kind: 'Pod', namespace: 'web', name: 'api-1' },
          node: 'n-1',
          budgets: [budget],
          httpStatus: 429,
          reason: 'no-disruption-allowed',
          explanation: '',
        },
        budgetPods: () => [ready, crashing],
      }),
    ).toBe(
      "Drain node n-1 failed when evicting pod api-1 failed with Too Many Requests error. This is often caused by a restrictive Pod Disruption Budget (PDB) policy. See https://aka.ms/aks/debugdrainfailures. Original error: Cannot evict pod as it would violate the pod's disruption budget.. PDB debug info: web/api-1 blocked by pdb api with 1 unready pods: [web/api-2].",
    );
  });
});

describe('fixes ranked against the provider verdict', () => {
  /** Two single-replica databases, one per node, each under minAvailable 1. */
  function twoDatabases() {
    const dbs = ['alpha', 'beta'].map((name, i) => ({
      ...statefulSet({
        namespace: 'db',
        name,
        replicas: 1,
        labels: { app: name },
        nodes: [`n-${i + 1}`],
      }),
      budget: labelPdb({ namespace: 'db', name, matchLabels: { app: name }, minAvailable: 1 }),
    }));
    return clusterOf({
      pods: dbs.flatMap((d) => d.pods),
      workloads: dbs.flatMap((d) => d.workloads),
      budgets: dbs.map((d) => d.budget),
      nodeViews: pool(2, 1, { pool: 'db' }),
    });
  }

  it('on GKE puts first what completes, then what deletes fewer protected pods', () => {
    const p = planUpgrade(twoDatabases(), { selector: 'pool=db', provider: 'gke' }, NOW);
    if (!p.ok) throw new Error(p.error);
    expect({
      verdict: p.value.forecast.verdict,
      forced: p.value.forecast.forced?.map((f) => f.pods.map((x) => x.pod.name)),
      fixes: p.value.fixes.map((f) => [f.outcome, f.title, f.forecast.forcedPods]),
    }).toStrictEqual({
      verdict: 'forces',
      forced: [['alpha-0'], ['beta-0']],
      fixes: [
        [
          'completes',
          'Combine 2 changes: Scale StatefulSet db/alpha to 2 replicas; Scale StatefulSet db/beta to 2 replicas',
          undefined,
        ],
        // As many deleted either way: the first deletion later (step 2) is further.
        ['gets-further', 'Scale StatefulSet db/alpha to 2 replicas', 1],
        ['gets-further', "Lower PodDisruptionBudget db/alpha's minAvailable to 0", 1],
        ['gets-further', 'Scale StatefulSet db/beta to 2 replicas', 1],
        ['gets-further', "Lower PodDisruptionBudget db/beta's minAvailable to 0", 1],
      ],
    });
  });

  it('on AKS proposes maxSurge as AKS sets it, which drains as many more nodes at once', () => {
    const web = deployment({
      name: 'web',
      replicas: 2,
      labels: { app: 'web' },
      nodes: ['n-1', 'n-2'],
    });
    const index = clusterOf({
      ...web,
      budgets: [labelPdb({ name: 'web', matchLabels: { app: 'web' }, maxUnavailable: 1 })],
      nodeViews: pool(2, 1, { pool: 'web' }),
    });
    const request = {
      selector: 'pool=web',
      provider: 'aks',
      maxSurge: 0,
      maxUnavailable: 2,
    } as const;
    const p = planUpgrade(index, request, NOW);
    if (!p.ok) throw new Error(p.error);
    const surge = p.value.fixes.find((f) => f.changes[0]?.kind === 'surge');
    const fixed = planUpgrade(index, { ...request, changes: surge?.changes ?? [] }, NOW);
    expect({
      verdict: p.value.forecast.verdict,
      reasons: p.value.forecast.failure?.pods.map((x) => x.reason),
      surge: surge && [surge.title, surge.outcome, surge.steps[0]?.command],
      fixed: fixed.ok && [fixed.value.forecast.verdict, fixed.value.forecast.strategy],
    }).toStrictEqual({
      verdict: 'fails',
      reasons: ['replacement-unschedulable'],
      surge: [
        'Surge 1 new node before draining',
        'completes',
        '# an upgrade setting, not a cluster object: maxSurge 1 (az aks nodepool update --resource-group RG --cluster-name CLUSTER --name POOL --max-surge 1)',
      ],
      // maxSurge 1 + maxUnavailable 2 nodes at a time (both of the pool's).
      fixed: ['completes', { maxUnavailable: 3, maxSurge: 1 }],
    });
  });
});
