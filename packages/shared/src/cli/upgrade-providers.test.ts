import { describe, expect, it } from 'vitest';
import fixture from '../snapshot/__fixtures__/cluster.yaml?raw';
import { parseArgs } from './args.js';
import { runCli, type CliEnvironment } from './run.js';

const NOW = new Date('2024-04-28T10:00:00Z');

const node = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name,
    labels: {
      'kubernetes.io/hostname': name,
      'kubernetes.azure.com/agentpool': 'dbpool',
      'topology.kubernetes.io/zone': 'westeurope-1',
    },
  },
  status: { conditions: [{ type: 'Ready', status: 'True' }] },
});

/** `kubectl get … -o json` of an AKS pool: a single-replica database under minAvailable 1. */
const AKS_POOL = JSON.stringify({
  apiVersion: 'v1',
  kind: 'List',
  items: [
    node('aks-dbpool-12345678-vmss000000'),
    node('aks-dbpool-12345678-vmss000001'),
    {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'postgres', namespace: 'db', uid: 'sts-postgres' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'postgres' } } },
      status: { replicas: 1, readyReplicas: 1 },
    },
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'postgres-0',
        namespace: 'db',
        uid: 'pod-postgres-0',
        labels: { app: 'postgres' },
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'StatefulSet',
            name: 'postgres',
            uid: 'sts-postgres',
            controller: true,
          },
        ],
      },
      spec: {
        nodeName: 'aks-dbpool-12345678-vmss000000',
        containers: [{ name: 'main', image: 'postgres:16' }],
      },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2024-04-28T09:00:00Z' }],
      },
    },
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'postgres', namespace: 'db', uid: 'pdb-postgres', generation: 1 },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'postgres' } } },
      status: {
        observedGeneration: 1,
        currentHealthy: 1,
        desiredHealthy: 1,
        disruptionsAllowed: 0,
        expectedPods: 1,
      },
    },
  ],
});

const FILES: Record<string, string> = { 'cluster.yaml': fixture, 'aks.json': AKS_POOL };
const readFile: CliEnvironment['readFile'] = (path) => {
  const text = FILES[path];
  return text === undefined ? { ok: false, error: 'no such file' } : { ok: true, value: text };
};
const run = (...argv: string[]) => runCli({ argv, readFile, now: NOW });
const kind = ['--nodes', 'kind-worker,kind-worker2,kind-worker3'];
const aks = ['upgrade', 'aks.json', '--selector', 'kubernetes.azure.com/agentpool=dbpool'];

describe('pdbscope upgrade --provider', () => {
  it('exits 3 when GKE completes only by deleting protected pods, naming them, their budgets and when', () => {
    const text = run('upgrade', 'cluster.yaml', ...kind, '--provider', 'gke');
    expect([text.exitCode, ...text.stdout.split('\n').slice(0, 8)]).toStrictEqual([
      3,
      "Rolling upgrade of 3 node(s), 1 at a time, 1 surge node(s), upgraded by GKE with maxSurge 1 and maxUnavailable 0 (GKE's defaults): it waits 60 min for each node's drain, then deletes the pods still there:",
      '  step 1 kind-worker: 2 pod(s) evicted, 720 retried 429(s), 0 s → 62 min — 2 pod(s) DELETED despite their budgets',
      '  step 2 kind-worker2: 2 pod(s) evicted, 0 retried 429(s), 62 min → 123 min — 1 pod(s) DELETED despite their budgets',
      '  step 3 kind-worker3: 2 pod(s) evicted, 720 retried 429(s), 123 min → 185 min — 1 pod(s) DELETED despite their budgets',
      'The upgrade completes in 3 step(s), about 185 min, but GKE deletes 4 pod(s) their budgets protect:',
      '  Step 1: after 60 min GKE deletes 2 pods on kind-worker that their budgets protect: shop/api-5c6d7f8b9-b2c4d (PodDisruptionBudget shop/api: 1 healthy of 1 required; PodDisruptionBudget shop/backend: 1 healthy of 1 required), db/postgres-0 (PodDisruptionBudget db/postgres: 0 healthy of 1 required).',
      '  Step 2: after 60 min GKE deletes 1 pod on kind-worker2 that its budget protects: shop/api-5c6d7f8b9-f6g8h (PodDisruptionBudget shop/api: 1 healthy of 1 required; PodDisruptionBudget shop/backend: 1 healthy of 1 required).',
      '  Step 3: after 60 min GKE deletes 1 pod on kind-worker3 that its budget protects: db/postgres-0 (PodDisruptionBudget db/postgres: 0 healthy of 1 required).',
    ]);
    const json = run('upgrade', 'cluster.yaml', ...kind, '--provider', 'gke', '--json');
    const { forecast, profile } = JSON.parse(json.stdout) as {
      forecast: {
        verdict: string;
        forced: { atSeconds: number; pods: { pod: { name: string } }[] }[];
      };
      profile: { provider: string; atTimeout: string };
    };
    expect({
      exit: json.exitCode,
      verdict: forecast.verdict,
      forced: forecast.forced.map((f) => [f.atSeconds, f.pods.map((p) => p.pod.name)]),
      profile: [profile.provider, profile.atTimeout],
    }).toStrictEqual({
      exit: 3,
      verdict: 'forces',
      // Each node an hour after its drain started; each drain starts 90 s after the last one's.
      forced: [
        [3600, ['api-5c6d7f8b9-b2c4d', 'postgres-0']],
        [7290, ['api-5c6d7f8b9-f6g8h']],
        [10_980, ['postgres-0']],
      ],
      profile: ['gke', 'delete-pods'],
    });
  });

  it('exits 3 when EKS fails with PodEvictionFailure, and when it forces with --force-update', () => {
    const fails = run('upgrade', 'cluster.yaml', ...kind, '--provider', 'eks');
    const forces = run('upgrade', 'cluster.yaml', ...kind, '--provider', 'eks', '--force-update');
    expect([
      fails.exitCode,
      fails.stdout.split('\n')[2],
      forces.exitCode,
      forces.stdout.split('\n')[4],
    ]).toStrictEqual([
      3,
      'The upgrade fails at step 1 on kind-worker, 15 min in: PodEvictionFailure: Reached max retries while trying to evict pods from nodes in node group <node group>',
      3,
      'The upgrade completes in 3 step(s), about 38 min, but EKS deletes 3 pod(s) their budgets protect:',
    ]);
  });

  it('exits 3 when AKS fails, with its PDB debug info; with Cordon it quarantines the node and goes on', () => {
    const fails = run(...aks, '--provider', 'aks');
    const cordon = run(
      ...aks,
      '--provider',
      'aks',
      '--undrainable-node-behavior',
      'Cordon',
      '--drain-timeout',
      '10m',
    );
    expect([fails.exitCode, ...fails.stdout.split('\n').slice(1, 4)]).toStrictEqual([
      3,
      '  step 1 aks-dbpool-12345678-vmss000000: 0 pod(s) evicted, 360 retried 429(s), 0 s → 30 min — FAILS',
      "The upgrade fails at step 1 on aks-dbpool-12345678-vmss000000, 30 min in: UpgradeFailed: Drain node aks-dbpool-12345678-vmss000000 failed when evicting pod postgres-0 failed with Too Many Requests error. This is often caused by a restrictive Pod Disruption Budget (PDB) policy. See https://aka.ms/aks/debugdrainfailures. Original error: Cannot evict pod as it would violate the pod's disruption budget.. PDB debug info: db/postgres-0 blocked by pdb postgres with 0 unready pods.",
      '  db/postgres-0 on aks-dbpool-12345678-vmss000000 (no-disruption-allowed): postgres (minAvailable 1) needs 1 healthy pod and can never have more than 1 (expected 1): it allows no disruption even with every pod Ready. Change the budget or scale the workload up.',
    ]);
    expect([
      cordon.exitCode,
      ...cordon.stdout.split('\n').slice(0, 3),
      cordon.stdout.split('\n')[4],
    ]).toStrictEqual([
      3,
      "Rolling upgrade of 2 node(s), 1 at a time, 1 surge node(s), upgraded by AKS with maxSurge 1 and maxUnavailable 0 (AKS's defaults), undrainable node behavior Cordon: it waits 10 min for each node's drain, then quarantines the node (cordoned, not upgraded) and goes on:",
      '  step 1 aks-dbpool-12345678-vmss000000: 0 pod(s) evicted, 120 retried 429(s), 0 s → 10 min — QUARANTINED: aks-dbpool-12345678-vmss000000',
      '  step 2 aks-dbpool-12345678-vmss000001: 0 pod(s) evicted, 0 retried 429(s), 10 min → 12 min',
      'The upgrade ends Failed: 1 node (aks-dbpool-12345678-vmss000000) could not be drained within 10 min and stay cordoned with label kubernetes.azure.com/upgrade-status=Quarantined, not upgraded; the other nodes are.',
    ]);
  });

  it('exits 0 when the provider completes the upgrade', () => {
    const result = run('upgrade', 'cluster.yaml', '--nodes', 'kind-worker3', '--provider', 'gke');
    expect([result.exitCode, result.stdout.trimEnd().split('\n').at(-1)]).toStrictEqual([
      0,
      'The upgrade completes in 1 step(s), about 90 s (readiness: 4 workload(s) measured, 30 s otherwise).',
    ]);
  });

  it('exits 2 on bad usage: an unknown provider, a malformed duration, options of another provider', () => {
    const first = (...argv: string[]) => {
      const r = run('upgrade', 'cluster.yaml', ...kind, ...argv);
      return [r.exitCode, r.stderr.split('\n')[0]];
    };
    expect([
      first('--provider', 'openshift'),
      first('--provider', 'aks', '--drain-timeout', '30'),
      first('--provider', 'aks', '--undrainable-node-behavior', 'Drain'),
      first('--drain-timeout', '30m'),
      first('--provider', 'gke', '--force-update'),
      first('--provider', 'gke', '--ignore-daemonsets'),
      first('--provider', 'eks', '--max-surge', '3'),
      first('--max-unavailable', '0'),
      first('--provider', 'gke', '--max-surge', '0', '--max-unavailable', '0'),
    ]).toStrictEqual([
      [2, 'pdbscope: --provider needs one of kubectl, gke, eks, aks, got "openshift"'],
      [2, 'pdbscope: --drain-timeout needs a duration such as 45m or 1h, got "30"'],
      [2, 'pdbscope: --undrainable-node-behavior needs Schedule or Cordon, got "Drain"'],
      [
        2,
        'pdbscope: drainTimeoutSeconds applies to a managed provider (gke, eks, aks): kubectl drain waits for ever',
      ],
      [2, 'pdbscope: forceUpdate is an option of EKS node group updates (provider eks), not gke'],
      [2, "pdbscope: ignoreDaemonSets is an option of kubectl drain, not of gke's upgrade"],
      [2, 'pdbscope: EKS has no maxSurge to set: it launches up to two nodes per zone'],
      [2, 'pdbscope: --max-unavailable must be at least 1'],
      [2, 'pdbscope: maxSurge and maxUnavailable are both 0: gke would upgrade no node'],
    ]);
    expect(run('evaluate', 'cluster.yaml', '--force-update').stderr).toContain(
      '--force-update only goes with upgrade, not evaluate',
    );
  });
});

describe('parseArgs for upgrade', () => {
  it("reads the provider's flags, leaving unset counts to the provider's defaults", () => {
    expect(
      parseArgs([
        'upgrade',
        's.yaml',
        '--selector=pool=db',
        '--provider=aks',
        '--max-unavailable',
        '0',
        '--drain-timeout=45m',
        '--undrainable-node-behavior',
        'Cordon',
      ]),
    ).toStrictEqual({
      ok: true,
      value: {
        command: 'upgrade',
        snapshot: 's.yaml',
        json: false,
        provider: 'aks',
        selector: 'pool=db',
        maxUnavailable: 0,
        drainTimeoutSeconds: 2700,
        undrainableNodeBehavior: 'Cordon',
        options: { force: false, ignoreDaemonSets: false, deleteEmptyDirData: false },
      },
    });
  });
});
