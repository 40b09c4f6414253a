import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../store/types.js';
import { deployment, testCluster } from './test-cluster.js';

/** A Deployment whose pods each request `cpu`. */
function asking(name: string, replicas: number, cpu: string): KubeObject {
  const d = deployment(name, replicas);
  const spec = d['spec'] as { template: { spec: { containers: Record<string, unknown>[] } } };
  spec.template.spec.containers = [
    { name: 'web', image: 'nginx:1.27', resources: { requests: { cpu, memory: '64Mi' } } },
  ];
  return d;
}

describe('the simulated scheduler', () => {
  it("places pods only where their requests fit the node's allocatable, else leaves them Pending", () => {
    const c = testCluster({
      nodes: 2,
      readyDelayMs: 100,
      allocatable: { cpu: '1', memory: '1Gi', pods: '110' },
    });
    c.store.create('deployments', asking('web', 3, '600m'));
    c.clock.advance(1000);
    const pods = c.podSummary('shop');
    expect(pods.map((p) => p.node).sort()).toStrictEqual(['', 'worker-1', 'worker-2']);
    expect(pods.filter((p) => p.node === '').map((p) => [p.phase, p.ready])).toStrictEqual([
      ['Pending', false],
    ]);
    // A pod that asks for less still fits beside them.
    c.store.create('deployments', asking('sidecar', 1, '300m'));
    c.clock.advance(1000);
    expect(c.podSummary('shop').filter((p) => p.name.startsWith('sidecar-'))[0]?.node).not.toBe('');
  });
});
