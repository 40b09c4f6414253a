import { ClusterIndex, type ObjectChange } from '@pdbscope/shared/index';
import { clusterViews, generateCluster } from '@pdbscope/shared/synthetic';
import { describe, expect, it } from 'vitest';
import { nodeListRow, nodeRowCache } from '../views/nodes.js';
import { fillInSlices } from './fill-in-slices.js';

const NOW = new Date('2024-05-01T12:05:00Z');

const generatedIndex = (): ClusterIndex =>
  new ClusterIndex(
    { now: NOW },
    clusterViews(generateCluster({ seed: 7, pods: 600, nodes: 40, budgets: 80, namespaces: 4 })),
  );

/** A stopwatch that moves 1 ms each time it is read, so slices end after a known amount of work. */
function tickingStopwatch(): () => number {
  let t = 0;
  return () => t++;
}

describe('filling the node rows in slices', () => {
  it('yields between slices, follows changes made between them, and leaves every row current', async () => {
    const index = generatedIndex();
    const cache = nodeRowCache(index);
    const readyPods = [...index.podNamespaces()]
      .flatMap((namespace) => [...index.podsInNamespace(namespace)])
      .filter((p) => p.ready && p.nodeName !== undefined);
    let yields = 0;
    let changed = 0;
    const filled = await fillInSlices({
      fill: (max) => cache.fill(max),
      wanted: () => true,
      batch: 3,
      sliceMs: 2,
      stopwatch: tickingStopwatch(),
      yieldToEvents: () => {
        // A pod turns unready between two slices, as a watch event would make it.
        const pod = readyPods[yields++];
        if (pod) {
          const change: ObjectChange = { type: 'upsert', object: { ...pod, ready: false } };
          cache.before(change);
          cache.after(change, index.apply(change));
          changed++;
        }
        return Promise.resolve();
      },
    });
    const nodes = index.nodeNames();
    expect(filled.complete).toBe(true);
    expect(yields).toBe(filled.slices - 1);
    expect(changed).toBe(Math.min(yields, readyPods.length));
    // Each node once, and again those a change reached after they were filled.
    const computed = cache.computations;
    expect(computed).toBeGreaterThan(nodes.length);
    expect(cache.all()).toStrictEqual(new Map(nodes.map((n) => [n, nodeListRow(index, n)])));
    expect(cache.computations).toBe(computed);
  });

  it('stops when no longer wanted, having worked out no more than its slices', async () => {
    const index = generatedIndex();
    const cache = nodeRowCache(index);
    let wanted = true;
    const filled = await fillInSlices({
      fill: (max) => cache.fill(max),
      wanted: () => wanted,
      batch: 2,
      sliceMs: 1,
      stopwatch: tickingStopwatch(),
      yieldToEvents: () => {
        wanted = false;
        return Promise.resolve();
      },
    });
    expect({ complete: filled.complete, slices: filled.slices }).toStrictEqual({
      complete: false,
      slices: 1,
    });
    expect(cache.computations).toBe(2);
  });
});
