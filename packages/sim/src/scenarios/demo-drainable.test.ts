import type { Result } from '@pdbscope/shared';
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
} from '@pdbscope/shared';
import { drainableNowByNode } from '@pdbscope/shared/eviction';
import { ClusterIndex } from '@pdbscope/shared/index';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimHandle } from '../sim.js';
import { startSim } from '../sim.js';
import { ManualClock } from '../store/clock.js';
import type { KubeObject } from '../store/types.js';

let sim: SimHandle | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

function views<T>(
  s: SimHandle,
  resources: readonly string[],
  convert: (o: unknown) => Result<T>,
): T[] {
  return resources.flatMap((r) => {
    const list = s.store.list(r);
    const items: KubeObject[] = list.ok ? list.value.items : [];
    return items.flatMap((o) => {
      const v = convert(o);
      return v.ok ? [v.value] : [];
    });
  });
}

describe('drainable now on the demo cluster', () => {
  it('is the same on the index figures as with every eviction run on a copy, for each flag set', async () => {
    const clock = new ManualClock('2026-11-21T08:00:00Z');
    sim = await startSim({ clock, activity: false });
    const now = new Date('2026-11-21T08:00:00Z');
    const index = new ClusterIndex(
      { now },
      {
        pods: views(sim, ['pods'], podFromObject),
        budgets: [
          ...views(sim, ['poddisruptionbudgets'], pdbFromObject),
          ...views(sim, ['podunavailablebudgets'], pubFromObject),
        ],
        workloads: views(sim, ['deployments', 'replicasets', 'statefulsets'], workloadFromObject),
        nodes: views(sim, ['nodes'], nodeFromObject),
      },
    );
    const states = new Set<string>();
    for (const force of [false, true])
      for (const ignoreDaemonSets of [false, true])
        for (const later of [0, 30_000]) {
          const input = {
            index,
            now: new Date(now.getTime() + later),
            options: { force, ignoreDaemonSets },
          };
          const figures = drainableNowByNode(input);
          expect(figures).toStrictEqual(drainableNowByNode({ ...input, method: 'copy' }));
          for (const d of figures.values()) states.add(d.state);
        }
    // The demo shows every state: nodes that drain, that kubectl refuses and that stay stuck.
    expect([...states].sort()).toStrictEqual(['drainable', 'refused', 'stuck']);
  });
});
