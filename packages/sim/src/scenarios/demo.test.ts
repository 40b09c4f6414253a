import type { Result } from '@pdbscope/shared';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
} from '@pdbscope/shared';
import { ClusterIndex } from '@pdbscope/shared/index';
import { afterEach, describe, expect, it } from 'vitest';
import { pdbStatusJson, pubStatusJson } from '../controllers/budgets.js';
import { podNodeName } from '../controllers/pod-factory.js';
import type { SimHandle } from '../sim.js';
import { startSim } from '../sim.js';
import { ManualClock } from '../store/clock.js';
import type { KubeObject } from '../store/types.js';

let sim: SimHandle | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

function items(s: SimHandle, resource: string): KubeObject[] {
  const list = s.store.list(resource);
  return list.ok ? list.value.items : [];
}

function views<T>(objects: KubeObject[], convert: (o: unknown) => Result<T>): T[] {
  return objects.flatMap((o) => {
    const v = convert(o);
    return v.ok ? [v.value] : [];
  });
}

/** Every budget status recomputed from scratch by the engine over what the store holds. */
function recomputed(s: SimHandle, now: Date): Map<string, Record<string, unknown>> {
  const index = new ClusterIndex(
    { now },
    {
      pods: views(items(s, 'pods'), podFromObject),
      budgets: [
        ...views(items(s, 'poddisruptionbudgets'), pdbFromObject),
        ...views(items(s, 'podunavailablebudgets'), pubFromObject),
      ],
      workloads: ['deployments', 'replicasets', 'statefulsets'].flatMap((r) =>
        views(items(s, r), workloadFromObject),
      ),
      nodes: views(items(s, 'nodes'), nodeFromObject),
    },
  );
  const out = new Map<string, Record<string, unknown>>();
  for (const ev of index.budgets()) {
    out.set(
      `${ev.ref.namespace}/${ev.ref.name}`,
      ev.kind === 'PodDisruptionBudget'
        ? pdbStatusJson(ev.sync.status)
        : pubStatusJson(ev.sync.status),
    );
  }
  return out;
}

function storedStatuses(s: SimHandle): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const b of [...items(s, 'poddisruptionbudgets'), ...items(s, 'podunavailablebudgets')]) {
    out.set(`${b.metadata.namespace ?? ''}/${b.metadata.name ?? ''}`, b['status']);
  }
  return out;
}

/** Runs `body` with a path named `name` in a fresh temporary directory, removed afterwards. */
async function withSnapshotFile(
  name: string,
  body: (file: string) => Promise<void>,
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'pdbscope-snapshot-'));
  try {
    await body(join(dir, name));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the demo scenario', () => {
  it('seeds workloads, pods on their nodes and budgets whose status is what the engine computes', async () => {
    const clock = new ManualClock('2026-11-21T08:00:00Z');
    sim = await startSim({ clock, activity: false });
    const s = sim;
    const {
      namespaces,
      nodes,
      pods,
      replicationcontrollers,
      deployments,
      replicasets,
      statefulsets,
      poddisruptionbudgets,
      podunavailablebudgets,
    } = s.store.counts();
    expect({
      namespaces,
      nodes,
      pods,
      replicationcontrollers,
      deployments,
      replicasets,
      statefulsets,
      poddisruptionbudgets,
      podunavailablebudgets,
    }).toStrictEqual({
      // The demo's 11 and kube-system, which every cluster has.
      namespaces: 12,
      // Six `general` workers, two `payments`, three `batch`, two `gpu`, one `edge` and two
      // Karpenter `flex` pool nodes.
      nodes: 16,
      // 42 controller pods + 1 surge pod of the Trino rollout + 5 written-out Job and bare pods,
      // the pools' 2 payments-api, 3 render-farm, 2 denoiser, 1 edge-proxy and 1 lobby pods, and
      // the flex pool's 2 written-out node-agent and 6 controller pods.
      pods: 65,
      replicationcontrollers: 0,
      deployments: 17,
      replicasets: 18,
      statefulsets: 10,
      poddisruptionbudgets: 22,
      podunavailablebudgets: 3,
    });
    const perNode: Record<string, number> = {};
    for (const p of items(s, 'pods'))
      perNode[podNodeName(p) ?? ''] = (perNode[podNodeName(p) ?? ''] ?? 0) + 1;
    expect(Object.keys(perNode).sort()).toStrictEqual([
      'batch-1',
      'batch-2',
      'batch-3',
      'edge-1',
      'flex-1',
      'flex-2',
      'gpu-1',
      'gpu-2',
      'payments-1',
      'payments-2',
      'worker-1',
      'worker-2',
      'worker-3',
      'worker-4',
      'worker-5',
      'worker-6',
    ]);

    const crashing = items(s, 'pods').filter(
      (p) =>
        podFromObject(p).ok &&
        (podFromObject(p) as { value: { waitingReason?: string } }).value.waitingReason ===
          'CrashLoopBackOff',
    );
    expect(
      crashing
        .map(
          (p) =>
            `${p.metadata.namespace ?? ''}/${p.metadata.labels?.['app'] ?? ''}@${podNodeName(p) ?? ''}`,
        )
        .sort(),
    ).toStrictEqual([
      'shop/checkout-api@worker-4',
      'shop/checkout-api@worker-4',
      'shop/orders-api@worker-4',
      'shop/orders-api@worker-4',
    ]);

    expect(storedStatuses(s)).toStrictEqual(recomputed(s, clock.now()));
    const allowed = (name: string) =>
      (
        s.store.get('poddisruptionbudgets', name.split('/')[0], name.split('/')[1] ?? '')?.[
          'status'
        ] as { disruptionsAllowed: number }
      ).disruptionsAllowed;
    expect(allowed('databases/postgres')).toBe(0);
    expect(allowed('legacy/legacy-worker')).toBe(0);
    expect(allowed('shop/orders-api')).toBe(0);
    expect(allowed('zookeeper/zookeeper')).toBe(1);
    expect(allowed('hdfs/hdfs-datanode')).toBe(1);

    // The PUB controller marked the pods it protects.
    const related = items(s, 'pods')
      .filter((p) => p.metadata.namespace === 'games')
      .map((p) => p.metadata.annotations?.['pub.kruise.io/related-pub'])
      .sort();
    expect(related).toStrictEqual([
      'game-room',
      'game-room',
      'game-room',
      'lobby',
      'matchmaker',
      'matchmaker',
      'matchmaker',
    ]);

    // Trino starts mid-rollout: the surge pod of the new ReplicaSet becomes Ready slowly (8x the delay).
    const trinoSets = items(s, 'replicasets').filter((rs) =>
      rs.metadata.name?.startsWith('trino-worker-'),
    );
    expect(
      trinoSets.map((rs) => (rs['spec'] as { replicas: number }).replicas).sort(),
    ).toStrictEqual([1, 4]);
    clock.advance(8 * 3000);
    const after = items(s, 'replicasets').filter((rs) =>
      rs.metadata.name?.startsWith('trino-worker-'),
    );
    expect(after.map((rs) => (rs['spec'] as { replicas: number }).replicas).sort()).toStrictEqual([
      2, 3,
    ]);
    expect(storedStatuses(s)).toStrictEqual(recomputed(s, clock.now()));
  });
});

const SNAPSHOT = `apiVersion: v1
kind: List
metadata:
  resourceVersion: ""
items:
- apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web
    namespace: shop
    uid: 11111111-1111-4111-8111-111111111111
    resourceVersion: "900"
    generation: 4
    creationTimestamp: "2024-04-01T10:00:00Z"
  spec:
    replicas: 2
    selector:
      matchLabels: { app: web }
    template:
      metadata:
        labels: { app: web }
      spec:
        containers:
        - name: web
          image: nginx:1.27
  status:
    replicas: 2
    readyReplicas: 2
- apiVersion: apps/v1
  kind: ReplicaSet
  metadata:
    name: web-7d4b9c8f6b
    namespace: shop
    uid: 22222222-2222-4222-8222-222222222222
    labels: { app: web, pod-template-hash: 7d4b9c8f6b }
    annotations: { deployment.kubernetes.io/revision: "3" }
    ownerReferences:
    - apiVersion: apps/v1
      kind: Deployment
      name: web
      uid: 11111111-1111-4111-8111-111111111111
      controller: true
      blockOwnerDeletion: true
  spec:
    replicas: 2
    selector:
      matchLabels: { app: web, pod-template-hash: 7d4b9c8f6b }
    template:
      metadata:
        labels: { app: web, pod-template-hash: 7d4b9c8f6b }
      spec:
        containers:
        - name: web
          image: nginx:1.27
  status:
    replicas: 2
    readyReplicas: 2
    availableReplicas: 2
${['x2k4q', 'p9w7m']
  .map(
    (suffix, i) => `- apiVersion: v1
  kind: Pod
  metadata:
    name: web-7d4b9c8f6b-${suffix}
    namespace: shop
    uid: 3333333${i}-3333-4333-8333-333333333333
    labels: { app: web, pod-template-hash: 7d4b9c8f6b }
    ownerReferences:
    - apiVersion: apps/v1
      kind: ReplicaSet
      name: web-7d4b9c8f6b
      uid: 22222222-2222-4222-8222-222222222222
      controller: true
      blockOwnerDeletion: true
  spec:
    nodeName: node-${i + 1}
    containers:
    - name: web
      image: nginx:1.27
  status:
    phase: Running
    conditions:
    - type: Ready
      status: "${i === 0 ? 'True' : 'False'}"`,
  )
  .join('\n')}
- apiVersion: policy/v1
  kind: PodDisruptionBudget
  metadata:
    name: web
    namespace: shop
    uid: 44444444-4444-4444-8444-444444444444
  spec:
    maxUnavailable: 1
    selector:
      matchLabels: { app: web }
  status:
    observedGeneration: 1
    disruptionsAllowed: 1
    currentHealthy: 2
    desiredHealthy: 1
    expectedPods: 2
- apiVersion: v1
  kind: Service
  metadata:
    name: web
    namespace: shop
  spec:
    ports:
    - port: 80
`;

describe('a kubectl snapshot', () => {
  it('of the demo replays as the same cluster: same pods on the same nodes, same budget statuses', async () => {
    await withSnapshotFile('snapshot.json', async (file) => {
      const original = await startSim({
        clock: new ManualClock('2026-11-21T08:00:00Z'),
        activity: false,
      });
      const resources = [
        'namespaces',
        'priorityclasses',
        'nodepools',
        'nodes',
        'nodeclaims',
        'deployments',
        'replicasets',
        'statefulsets',
        'daemonsets',
        'jobs',
        'pods',
        'poddisruptionbudgets',
        'podunavailablebudgets',
      ];
      await writeFile(
        file,
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'List',
          items: resources.flatMap((r) => items(original, r)),
        }),
      );
      const summary = (s: SimHandle) => ({
        pods: items(s, 'pods').map((p) => [
          p.metadata.namespace,
          p.metadata.name,
          podNodeName(p),
          (p['status'] as { phase: string }).phase,
        ]),
        statuses: storedStatuses(s),
      });
      const before = summary(original);
      await original.close();
      sim = await startSim({ clock: new ManualClock('2026-11-21T08:00:00Z'), scenario: file });
      expect(summary(sim)).toStrictEqual(before);
    });
  });

  it('replays as given: same pods, ownership kept through new UIDs, budgets re-evaluated', async () => {
    await withSnapshotFile('snapshot.yaml', async (file) => {
      await writeFile(file, SNAPSHOT);
      const clock = new ManualClock('2024-05-01T12:00:00Z');
      sim = await startSim({ clock, scenario: file });
      const s = sim;
      expect(s.skipped).toStrictEqual([
        {
          kind: 'Service',
          namespace: 'shop',
          name: 'web',
          reason: 'v1 Service is not served by the simulator',
        },
      ]);
      expect(items(s, 'pods').map((p) => [p.metadata.name, podNodeName(p)])).toStrictEqual([
        ['web-7d4b9c8f6b-p9w7m', 'node-2'],
        ['web-7d4b9c8f6b-x2k4q', 'node-1'],
      ]);
      expect(items(s, 'replicasets').map((rs) => rs.metadata.name)).toStrictEqual([
        'web-7d4b9c8f6b',
      ]);
      const deploymentUid = s.store.get('deployments', 'shop', 'web')?.metadata.uid;
      const rs = s.store.get('replicasets', 'shop', 'web-7d4b9c8f6b');
      expect(deploymentUid).not.toBe('11111111-1111-4111-8111-111111111111');
      expect((rs?.metadata.ownerReferences?.[0] as { uid: string }).uid).toBe(deploymentUid);
      for (const pod of items(s, 'pods'))
        expect((pod.metadata.ownerReferences?.[0] as { uid: string }).uid).toBe(rs?.metadata.uid);
      const status = s.store.get('poddisruptionbudgets', 'shop', 'web')?.['status'] as Record<
        string,
        unknown
      >;
      expect([
        status['expectedPods'],
        status['desiredHealthy'],
        status['currentHealthy'],
        status['disruptionsAllowed'],
      ]).toStrictEqual([2, 1, 1, 0]);
      expect(storedStatuses(s)).toStrictEqual(recomputed(s, clock.now()));
    });
  });

  it('fails to start with the loader\u2019s message when the file is malformed', async () => {
    await withSnapshotFile('broken.yaml', async (file) => {
      await writeFile(
        file,
        'apiVersion: v1\nkind: List\nitems:\n- kind: Pod\n  metadata: {name: a}\n',
      );
      await expect(startSim({ scenario: file })).rejects.toThrow(
        `${file}: document 1, item 1: object has no apiVersion`,
      );
    });
  });
});
