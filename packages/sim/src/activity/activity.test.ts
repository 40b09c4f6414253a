import { describe, expect, it } from 'vitest';
import { deployment, statefulSet, testCluster } from '../controllers/test-cluster.js';
import type { KubeObject } from '../store/types.js';
import { startActivity } from './activity.js';

/** Ten simulated minutes of activity over a small cluster, as a log of what changed. */
function play(seed: number) {
  const c = testCluster({ nodes: 4 });
  c.store.create('deployments', deployment('web', 4));
  c.store.create('statefulsets', statefulSet('zk', 3));
  c.clock.advance(5000);
  const evicted: string[] = [];
  const log: string[] = [];
  let maxUnready = 0;
  let maxCordoned = 0;
  c.store.subscribe((e) => {
    if (e.resource === 'nodes' && e.type === 'MODIFIED') {
      const cordoned = (e.object['spec'] as { unschedulable?: boolean }).unschedulable === true;
      log.push(`${e.object.metadata.name ?? ''} ${cordoned ? 'cordoned' : 'uncordoned'}`);
    }
    if (
      e.resource === 'deployments' &&
      e.type === 'MODIFIED' &&
      e.object.metadata.generation !== e.oldObject?.metadata.generation
    ) {
      log.push(`rollout ${e.object.metadata.name ?? ''}`);
    }
  });
  const activity = startActivity({
    ctx: c.manager.ctx,
    url: 'http://127.0.0.1:0',
    seed,
    intervalMs: 5000,
    drainMs: 60_000,
    evict: (pod: KubeObject) => {
      evicted.push(pod.metadata.name ?? '');
      c.store.delete('pods', pod.metadata.namespace, pod.metadata.name ?? '');
      return Promise.resolve(201);
    },
  });
  for (let t = 0; t < 600; t++) {
    c.clock.advance(1000);
    const nodes = c.store.list('nodes');
    maxCordoned = Math.max(
      maxCordoned,
      nodes.ok
        ? nodes.value.items.filter(
            (n) => (n['spec'] as { unschedulable?: boolean }).unschedulable === true,
          ).length
        : 0,
    );
    maxUnready = Math.max(
      maxUnready,
      c.podSummary('shop').filter((p) => p.phase === 'Running' && !p.ready).length,
    );
  }
  activity.stop();
  return { log, evicted, maxUnready, maxCordoned, errors: c.errors };
}

describe('activity', () => {
  it('is reproducible for one seed and differs for another', () => {
    const a = play(1);
    const b = play(1);
    const other = play(2);
    expect(a.log).toStrictEqual(b.log);
    expect(a.evicted).toStrictEqual(b.evicted);
    expect([other.log, other.evicted]).not.toStrictEqual([a.log, a.evicted]);
  });

  it('keeps the cluster moving within bounds: flaps, rollouts and one drain at a time', () => {
    const run = play(1);
    expect(run.log.some((l) => l.startsWith('rollout '))).toBe(true);
    expect(run.log.some((l) => l.endsWith(' cordoned'))).toBe(true);
    expect(run.evicted.length).toBeGreaterThan(0);
    expect(run.maxCordoned).toBe(1);
    // At most three flapping pods; pods of a rollout in progress may add to the count.
    expect(run.maxUnready).toBeLessThanOrEqual(3);
    expect(run.errors).toStrictEqual([]);
    // Every cordon is followed by an uncordon of the same node.
    const cordons = run.log.filter((l) => l.endsWith(' cordoned')).map((l) => l.split(' ')[0]);
    const uncordons = run.log.filter((l) => l.endsWith(' uncordoned')).map((l) => l.split(' ')[0]);
    expect(uncordons).toStrictEqual(cordons.slice(0, uncordons.length));
    expect(cordons.length - uncordons.length).toBeLessThanOrEqual(1);
  });
});
