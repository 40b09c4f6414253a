import { nodeFromObject, type NodeView, type Result } from '@pdbscope/shared';
import { SimulateUpgradeResponseSchema, type SimulateUpgradeResponse } from '@pdbscope/shared/api';
import { ClusterIndex } from '@pdbscope/shared/index';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServedApps, post, serveApp } from '../__fixtures__/serve-app.js';
import { zookeeper } from '../views/__fixtures__/zookeeper.js';
import { simulateUpgrade } from '../views/upgrade.js';

afterEach(closeServedApps);

const now = new Date('2026-11-21T19:40:00Z');
const NODES = ['worker-0', 'worker-1', 'worker-2'];

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** A GKE pool of three nodes; ZooKeeper on them with one pod crash-looping: its budget allows nothing. */
function gkePool(): ClusterIndex {
  const { sts, pods, pdb } = zookeeper({ unready: ['zookeeper-1'] });
  const nodes: NodeView[] = NODES.map((name) =>
    ok(
      nodeFromObject({
        apiVersion: 'v1',
        kind: 'Node',
        metadata: {
          name,
          uid: `node-${name}`,
          resourceVersion: '1',
          labels: {
            'kubernetes.io/hostname': name,
            'cloud.google.com/gke-nodepool': 'default-pool',
          },
        },
        status: { conditions: [{ type: 'Ready', status: 'True' }] },
      }),
    ),
  );
  return new ClusterIndex({ now }, { pods, budgets: [pdb], workloads: [sts], nodes });
}

/** The real app, its store answering upgrades from the GKE pool. */
async function serve() {
  const served = await serveApp();
  const index = gkePool();
  served.store.simulateUpgrade = (request) => simulateUpgrade(index, request, now);
  return served;
}

const upgrade = (port: number, body: Record<string, unknown>) =>
  post(port, '/api/simulate/upgrade', JSON.stringify({ nodes: NODES, ...body }));

const GUESS = {
  provider: 'gke',
  label: 'cloud.google.com/gke-nodepool',
  value: 'default-pool',
  node: 'worker-0',
};

describe('POST /api/simulate/upgrade with a provider', () => {
  it("forecasts GKE's deletion after its hour: the pod, its budget, and the profile it ran with", async () => {
    const { port } = await serve();
    const answer = await upgrade(port, { provider: 'gke' });
    const body = SimulateUpgradeResponseSchema.parse(answer.body);
    expect({
      status: answer.status,
      verdict: body.forecast.verdict,
      forced: body.forecast.forced.map((f) => ({
        step: f.step,
        atSeconds: f.atSeconds,
        pods: f.pods.map((p) => p.pod),
        budgets: f.budgets,
      })),
      firstStep: [body.forecast.steps[0]?.forced, body.forecast.steps[0]?.quarantined],
      stall: body.forecast.stall,
      failure: body.forecast.failure,
      profile: body.profile,
    }).toStrictEqual({
      status: 200,
      verdict: 'forces',
      // zookeeper-0 goes at the hour; zookeeper-1 is the crash-looping one, evicted as unhealthy.
      forced: [
        {
          step: 1,
          atSeconds: 3600,
          pods: ['data/zookeeper-0'],
          budgets: [
            {
              budget: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
              healthy: 1,
              required: 2,
            },
          ],
        },
      ],
      firstStep: [['data/zookeeper-0'], []],
      stall: null,
      failure: null,
      profile: {
        provider: 'gke',
        source: 'request',
        guess: GUESS,
        maxSurge: 1,
        maxUnavailable: 0,
        defaulted: ['maxSurge', 'maxUnavailable', 'drainTimeoutSeconds'],
        drainTimeoutSeconds: 3600,
        atTimeout: 'delete-pods',
        forceUpdate: null,
        undrainableNodeBehavior: null,
      },
    });
  });

  it('forecasts kubectl when no provider is named, and says which provider the labels name', async () => {
    const { port } = await serve();
    const body = (await upgrade(port, {})).body as SimulateUpgradeResponse;
    expect([body.forecast.verdict, body.forecast.forced, body.profile]).toStrictEqual([
      'stalls',
      [],
      {
        provider: 'kubectl',
        source: 'default',
        guess: GUESS,
        maxSurge: 0,
        maxUnavailable: 1,
        defaulted: [],
        drainTimeoutSeconds: null,
        atTimeout: 'wait',
        forceUpdate: null,
        undrainableNodeBehavior: null,
      },
    ]);
  });

  it("takes each provider's options: EKS fails, AKS with Cordon quarantines", async () => {
    const { port } = await serve();
    const [eks, aks] = await Promise.all([
      upgrade(port, { provider: 'eks' }),
      upgrade(port, {
        provider: 'aks',
        undrainableNodeBehavior: 'Cordon',
        drainTimeoutSeconds: 600,
      }),
    ]);
    const e = SimulateUpgradeResponseSchema.parse(eks.body);
    const a = SimulateUpgradeResponseSchema.parse(aks.body);
    expect({
      eks: [
        e.forecast.verdict,
        e.forecast.failure?.code,
        e.forecast.failure?.message,
        e.forecast.failure?.node,
      ],
      aks: [
        a.forecast.verdict,
        a.forecast.quarantined.map((q) => [q.node, q.atSeconds, q.label]),
        a.forecast.failure?.code,
        a.profile.undrainableNodeBehavior,
      ],
    }).toStrictEqual({
      eks: [
        'fails',
        'PodEvictionFailure',
        'Reached max retries while trying to evict pods from nodes in node group <node group>',
        'worker-0',
      ],
      // maxSurge 10% of three nodes is one; zookeeper-0 never leaves worker-0.
      aks: [
        'fails',
        [['worker-0', 600, 'kubernetes.azure.com/upgrade-status=Quarantined']],
        'Failed',
        'Cordon',
      ],
    });
  });

  it('answers 400 naming what is wrong: an unknown provider, a bad timeout, options of another provider', async () => {
    const { port } = await serve();
    const answers = await Promise.all([
      upgrade(port, { provider: 'openshift' }),
      upgrade(port, { provider: 'aks', drainTimeoutSeconds: 0 }),
      upgrade(port, { provider: 'aks', drainTimeoutSeconds: '30m' }),
      upgrade(port, { provider: 'aks', undrainableNodeBehavior: 'Drain' }),
      upgrade(port, { provider: 'gke', forceUpdate: true }),
      upgrade(port, { drainTimeoutSeconds: 600 }),
      upgrade(port, { provider: 'gke', ignoreDaemonSets: true }),
      upgrade(port, { maxUnavailable: 0 }),
    ]);
    expect(answers.map((a) => [a.status, (a.body as { detail: string }).detail])).toStrictEqual([
      [400, 'invalid body: provider: Invalid option: expected one of "kubectl"|"gke"|"eks"|"aks"'],
      [400, 'invalid body: drainTimeoutSeconds: Too small: expected number to be >=1'],
      [400, 'invalid body: drainTimeoutSeconds: Invalid input: expected number, received string'],
      [
        400,
        'invalid body: undrainableNodeBehavior: Invalid option: expected one of "Schedule"|"Cordon"',
      ],
      [400, 'forceUpdate is an option of EKS node group updates (provider eks), not gke'],
      [
        400,
        'drainTimeoutSeconds applies to a managed provider (gke, eks, aks): kubectl drain waits for ever',
      ],
      [400, "ignoreDaemonSets is an option of kubectl drain, not of gke's upgrade"],
      [400, 'maxUnavailable must be at least 1'],
    ]);
  });
});
