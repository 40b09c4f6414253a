import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../store/types.js';
import { deployment, pdb, statefulSet, testCluster } from './test-cluster.js';

function namespace(name: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
  };
}

describe('namespace controller', () => {
  it('deletes a deleted namespace’s objects, pods gracefully and without replacements, and nothing elsewhere', () => {
    const c = testCluster();
    c.store.create('namespaces', namespace('shop'));
    c.store.create('namespaces', namespace('zookeeper'));
    c.store.create('deployments', deployment('web', 2));
    c.store.create('statefulsets', statefulSet('cache', 2));
    c.store.create('poddisruptionbudgets', pdb('web', 'web', { minAvailable: 1 }));
    c.store.create('statefulsets', {
      ...statefulSet('zk', 1),
      metadata: { name: 'zk', namespace: 'zookeeper', labels: { app: 'zk' } },
    });
    c.clock.advance(3000);
    const names = (resource: string, ns: string) => {
      const listed = c.store.list(resource, { namespace: ns });
      return listed.ok ? listed.value.items.map((o) => o.metadata.name ?? '') : [];
    };
    const shopPods = c.podSummary('shop').map((p) => p.name);
    expect(c.store.delete('namespaces', undefined, 'shop').ok).toBe(true);
    const during = ['deployments', 'replicasets', 'statefulsets', 'poddisruptionbudgets'].map((r) =>
      names(r, 'shop'),
    );
    expect([
      shopPods.length,
      during,
      c.podSummary('shop').map((p) => [p.name, p.terminating]),
    ]).toStrictEqual([4, [[], [], [], []], shopPods.map((name) => [name, true])]);
    c.clock.advance(1000);
    expect([
      c.pods('shop'),
      names('statefulsets', 'zookeeper'),
      c.podSummary('zookeeper').map((p) => [p.name, p.ready]),
      c.errors,
    ]).toStrictEqual([[], ['zk'], [['zk-0', true]], []]);
  });
});
