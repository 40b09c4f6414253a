import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, pod } from './__fixtures__/objects.js';
import { ClusterIndex } from './cluster-index.js';
import { keyBefore } from './pod-store.js';

const joined = (p: { namespace: string; name: string }) => `${p.namespace}/${p.name}`;

describe('keyBefore', () => {
  it('orders as the joined namespace/name strings do, also when one namespace prefixes the other', () => {
    const ns = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/);
    const name = fc.stringMatching(/^[a-z0-9]([a-z0-9.-]{0,6}[a-z0-9])?$/);
    const ref = fc.record({ namespace: ns, name });
    fc.assert(
      fc.property(ref, ref, (a, b) => {
        expect(keyBefore(a, b)).toBe(joined(a) < joined(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('puts a-b/x before a/x, as the API server lists them', () => {
    const a = { namespace: 'a', name: 'x' };
    const ab = { namespace: 'a-b', name: 'x' };
    expect([keyBefore(ab, a), keyBefore(a, ab)]).toStrictEqual([true, false]);
  });
});

describe('a node’s pods', () => {
  it('come in the API server’s namespace/name order whatever the order they arrive in', () => {
    const pods = [
      pod({ namespace: 'a', name: 'x', node: 'worker-1', labels: { app: 'x' } }),
      pod({ namespace: 'a-b', name: 'x', node: 'worker-1', labels: { app: 'x' } }),
      pod({ namespace: 'a', name: 'w', node: 'worker-1', labels: { app: 'x' } }),
      pod({ namespace: 'a0', name: 'a', node: 'worker-1', labels: { app: 'x' } }),
    ];
    const index = new ClusterIndex(
      { now: NOW },
      { pods: [], budgets: [], workloads: [], nodes: [] },
    );
    for (const p of pods) index.apply({ type: 'upsert', object: p });
    expect(index.podsOnNode('worker-1').map(joined)).toStrictEqual(['a-b/x', 'a/w', 'a/x', 'a0/a']);
  });
});
