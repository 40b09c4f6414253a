import type { SimHandle } from '../../sim.js';

/** The demo's clock, held still: the tests' forecasts are of the demo as seeded. */
export const DEMO_NOW = '2026-11-21T08:00:00Z';

const RESOURCES = [
  'nodes',
  'deployments',
  'replicasets',
  'statefulsets',
  'replicationcontrollers',
  'pods',
  'poddisruptionbudgets',
  'podunavailablebudgets',
];

/** What the simulator holds, as `kubectl get … -o json` would write it. */
export function snapshotOf(sim: SimHandle): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'List',
    items: RESOURCES.flatMap((r) => {
      const list = sim.store.list(r);
      return list.ok ? list.value.items : [];
    }),
  });
}
