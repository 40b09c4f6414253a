import { podFromObject } from '@pdbscope/shared';
import { describe, expect, it } from 'vitest';
import { deployment, testCluster } from './test-cluster.js';

describe('the kubelet', () => {
  it("writes a pod's Ready its ready delay after its startTime, in whole seconds, wherever in a second it starts", () => {
    const measured = [0, 100, 600, 999].map((ms) => {
      const c = testCluster({ readyDelayMs: 1500 });
      c.clock.advance(ms);
      c.store.create('deployments', deployment('web', 2));
      c.clock.advance(1500);
      // What the forecast reads from each pod: startTime → Ready's lastTransitionTime.
      return c.pods('shop').map((p) => {
        const view = podFromObject(p);
        return view.ok ? [view.value.ready, view.value.startupSeconds] : view.error;
      });
    });
    const bothReadyAfter1s = [
      [true, 1],
      [true, 1],
    ];
    expect(measured).toStrictEqual([0, 100, 600, 999].map(() => bothReadyAfter1s));
  });
});
