import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../store/types.js';
import { deployment, testCluster } from './test-cluster.js';

function pub(name: string, spec: Record<string, unknown>): KubeObject {
  return {
    apiVersion: 'policy.kruise.io/v1alpha1',
    kind: 'PodUnavailableBudget',
    metadata: { name, namespace: 'shop' },
    spec,
  };
}

describe('OpenKruise related-pub annotation', () => {
  it('is written only when empty: a selector PUB and a targetRef PUB over the same pods settle within a second', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('matchmaker', 3));
    c.clock.advance(3000);
    c.store.create(
      'podunavailablebudgets',
      pub('by-selector', { selector: { matchLabels: { app: 'matchmaker' } }, maxUnavailable: 1 }),
    );
    c.store.create(
      'podunavailablebudgets',
      pub('by-target', {
        targetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'matchmaker' },
        maxUnavailable: '60%',
      }),
    );
    c.clock.advance(1000);
    const settled = c.pods('shop').map((p) => [p.metadata.resourceVersion, p.metadata.annotations]);
    c.clock.advance(30_000);
    const later = c.pods('shop').map((p) => [p.metadata.resourceVersion, p.metadata.annotations]);
    expect(later).toStrictEqual(settled);
    // The first PUB to mark a pod keeps it; the second never overwrites.
    expect(settled.map(([, a]) => a)).toStrictEqual(
      Array.from({ length: 3 }, () => ({
        'pub.kruise.io/related-pub': 'by-selector',
        'kruise.io/related-pub': 'by-selector',
      })),
    );
    expect(c.errors).toStrictEqual([]);
  });
});
