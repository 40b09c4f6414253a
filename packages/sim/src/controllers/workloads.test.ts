import { describe, expect, it } from 'vitest';
import { deployment, statefulSet, testCluster } from './test-cluster.js';

describe('Deployment and ReplicaSet controllers', () => {
  it('create a ReplicaSet and its pods, which become Ready after the ready delay', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('web', 3));
    const rs = c.store.list('replicasets', { namespace: 'shop' });
    expect(
      rs.ok &&
        rs.value.items.map((r) => [
          r.metadata.name?.startsWith('web-'),
          (r['spec'] as { replicas: number }).replicas,
        ]),
    ).toStrictEqual([[true, 3]]);
    expect(c.podSummary('shop').map((p) => [p.phase, p.ready])).toStrictEqual([
      ['Pending', false],
      ['Pending', false],
      ['Pending', false],
    ]);
    // Spread over the three nodes: the least-loaded node takes each new pod.
    expect(
      c
        .podSummary('shop')
        .map((p) => p.node)
        .sort(),
    ).toStrictEqual(['worker-1', 'worker-2', 'worker-3']);
    c.clock.advance(2999);
    expect(c.podSummary('shop').filter((p) => p.ready)).toStrictEqual([]);
    c.clock.advance(1);
    expect(c.podSummary('shop').map((p) => [p.phase, p.ready])).toStrictEqual([
      ['Running', true],
      ['Running', true],
      ['Running', true],
    ]);
    const status = c.store.get('deployments', 'shop', 'web')?.['status'] as Record<string, unknown>;
    expect([
      status['replicas'],
      status['readyReplicas'],
      status['availableReplicas'],
      status['updatedReplicas'],
    ]).toStrictEqual([3, 3, 3, 3]);
    expect(c.errors).toStrictEqual([]);
  });

  it('replaces a deleted pod with a new name on a schedulable node, skipping cordoned ones', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('web', 3));
    c.clock.advance(3000);
    const victim = c.podSummary('shop').find((p) => p.node === 'worker-1');
    if (victim === undefined) throw new Error('no pod on worker-1');
    c.store.modify(
      'nodes',
      undefined,
      'worker-1',
      (n) => void ((n['spec'] as Record<string, unknown>)['unschedulable'] = true),
    );
    c.store.delete('pods', 'shop', victim.name);
    const during = c.podSummary('shop');
    expect(during.filter((p) => p.terminating).map((p) => p.name)).toStrictEqual([victim.name]);
    const replacement = during.find((p) => !p.terminating && p.phase === 'Pending');
    expect(replacement?.name).not.toBe(victim.name);
    expect(replacement?.node === 'worker-2' || replacement?.node === 'worker-3').toBe(true);
    c.clock.advance(1000);
    expect(c.podSummary('shop').some((p) => p.name === victim.name)).toBe(false);
    c.clock.advance(2000);
    expect(c.podSummary('shop').map((p) => p.ready)).toStrictEqual([true, true, true]);
    expect(c.podSummary('shop').some((p) => p.node === 'worker-1')).toBe(false);
  });

  it('scales down and up', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('web', 3));
    c.clock.advance(3000);
    c.store.modify(
      'deployments',
      'shop',
      'web',
      (d) => void ((d['spec'] as Record<string, unknown>)['replicas'] = 1),
    );
    expect(c.podSummary('shop').filter((p) => !p.terminating)).toHaveLength(1);
    c.clock.advance(1000);
    expect(c.podSummary('shop')).toHaveLength(1);
    c.store.modify(
      'deployments',
      'shop',
      'web',
      (d) => void ((d['spec'] as Record<string, unknown>)['replicas'] = 4),
    );
    expect(c.podSummary('shop')).toHaveLength(4);
  });

  it('rolls a changed template out through a new ReplicaSet, one surge pod at a time', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('web', 3));
    c.clock.advance(3000);
    c.store.modify('deployments', 'shop', 'web', (d) => {
      const spec = d['spec'] as { template: { spec: { containers: { image: string }[] } } };
      (spec.template.spec.containers[0] as { image: string }).image = 'nginx:1.28';
    });
    const sets = () => {
      const list = c.store.list('replicasets', { namespace: 'shop' });
      return list.ok
        ? list.value.items
            .map((rs) => ({
              revision: rs.metadata.annotations?.['deployment.kubernetes.io/revision'],
              replicas: (rs['spec'] as { replicas: number }).replicas,
            }))
            .sort((a, b) => (a.revision ?? '').localeCompare(b.revision ?? ''))
        : [];
    };
    expect(sets()).toStrictEqual([
      { revision: '1', replicas: 3 },
      { revision: '2', replicas: 1 },
    ]);
    c.clock.advance(3000);
    expect(sets()).toStrictEqual([
      { revision: '1', replicas: 2 },
      { revision: '2', replicas: 2 },
    ]);
    c.clock.advance(20_000);
    expect(sets()).toStrictEqual([
      { revision: '1', replicas: 0 },
      { revision: '2', replicas: 3 },
    ]);
    expect(c.podSummary('shop').map((p) => p.ready)).toStrictEqual([true, true, true]);
  });
});

describe('StatefulSet controller', () => {
  it('recreates a deleted pod under the same name once the old one is gone, on another node', () => {
    const c = testCluster();
    c.store.create('statefulsets', statefulSet('zk', 3));
    c.clock.advance(3000);
    expect(c.podSummary('shop').map((p) => [p.name, p.ready])).toStrictEqual([
      ['zk-0', true],
      ['zk-1', true],
      ['zk-2', true],
    ]);
    const before = c.store.get('pods', 'shop', 'zk-1');
    const node = c.podSummary('shop').find((p) => p.name === 'zk-1')?.node ?? '';
    c.store.modify(
      'nodes',
      undefined,
      node,
      (n) => void ((n['spec'] as Record<string, unknown>)['unschedulable'] = true),
    );
    c.store.delete('pods', 'shop', 'zk-1');
    expect(c.podSummary('shop').map((p) => [p.name, p.terminating])).toStrictEqual([
      ['zk-0', false],
      ['zk-1', true],
      ['zk-2', false],
    ]);
    c.clock.advance(1000);
    const after = c.store.get('pods', 'shop', 'zk-1');
    expect(after?.metadata.uid).not.toBe(before?.metadata.uid);
    const recreated = c.podSummary('shop').find((p) => p.name === 'zk-1');
    expect(recreated?.node).not.toBe(node);
    expect([recreated?.phase, recreated?.ready]).toStrictEqual(['Pending', false]);
    expect(after?.metadata.labels).toStrictEqual({
      app: 'zk',
      'controller-revision-hash': before?.metadata.labels?.['controller-revision-hash'],
      'statefulset.kubernetes.io/pod-name': 'zk-1',
      'apps.kubernetes.io/pod-index': '1',
    });
    c.clock.advance(3000);
    expect(c.podSummary('shop').map((p) => p.ready)).toStrictEqual([true, true, true]);
  });
});

describe('a crash-looping workload', () => {
  it('keeps N pods in CrashLoopBackOff: a replaced crashing pod crashes again', () => {
    const c = testCluster();
    const broken = deployment('orders', 3);
    broken.metadata.annotations = { 'sim.pdbscope.io/crashloop-pods': '1' };
    c.store.create('deployments', broken);
    c.clock.advance(3000);
    const crashing = () =>
      c
        .pods('shop')
        .filter((p) =>
          (
            (p['status'] as { containerStatuses?: { state?: { waiting?: { reason?: string } } }[] })
              .containerStatuses ?? []
          ).some((s) => s.state?.waiting?.reason === 'CrashLoopBackOff'),
        );
    expect(
      c
        .podSummary('shop')
        .map((p) => p.ready)
        .sort(),
    ).toStrictEqual([false, true, true]);
    const first = crashing().map((p) => p.metadata.name);
    expect(first).toHaveLength(1);
    c.store.delete('pods', 'shop', first[0] ?? '');
    c.clock.advance(4000);
    const again = crashing().map((p) => p.metadata.name);
    expect(again).toHaveLength(1);
    expect(again).not.toStrictEqual(first);
    expect(
      c
        .podSummary('shop')
        .map((p) => p.ready)
        .sort(),
    ).toStrictEqual([false, true, true]);
  });
});

describe('scheduler and kubelet', () => {
  const bare = (name: string) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'shop', labels: { run: name } },
    spec: { containers: [{ name, image: 'busybox:1.36' }] },
  });
  const cordon = (c: ReturnType<typeof testCluster>, node: string, unschedulable: boolean) =>
    c.store.modify(
      'nodes',
      undefined,
      node,
      (n) => void (n['spec'] = unschedulable ? { unschedulable: true } : {}),
    );

  it('bind a pod written without node or status (kubectl run) and start it', () => {
    const c = testCluster({ nodes: 2 });
    c.store.create('pods', bare('debug'));
    expect(c.podSummary('shop')).toStrictEqual([
      { name: 'debug', node: 'worker-1', phase: 'Pending', ready: false, terminating: false },
    ]);
    c.clock.advance(3000);
    expect(c.podSummary('shop')).toStrictEqual([
      { name: 'debug', node: 'worker-1', phase: 'Running', ready: true, terminating: false },
    ]);
  });

  it('leave a pod Pending (Unschedulable) while every node is cordoned, and bind it once one is not', () => {
    const c = testCluster({ nodes: 2 });
    cordon(c, 'worker-1', true);
    cordon(c, 'worker-2', true);
    c.store.create('pods', bare('debug'));
    const scheduled = () =>
      (
        (
          c.store.get('pods', 'shop', 'debug')?.['status'] as {
            conditions?: { type: string; status: string; reason?: string }[];
          }
        ).conditions ?? []
      ).find((cond) => cond.type === 'PodScheduled');
    expect([c.podSummary('shop')[0]?.node, scheduled()?.status, scheduled()?.reason]).toStrictEqual(
      ['', 'False', 'Unschedulable'],
    );
    cordon(c, 'worker-2', false);
    expect([c.podSummary('shop')[0]?.node, scheduled()?.status]).toStrictEqual([
      'worker-2',
      'True',
    ]);
    c.clock.advance(3000);
    expect(c.podSummary('shop')[0]?.ready).toBe(true);
  });
});
