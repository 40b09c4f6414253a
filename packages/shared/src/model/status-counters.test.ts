import { describe, expect, it } from 'vitest';
import { differingCounters } from './status-counters.js';

describe('differingCounters', () => {
  it('names the controller-written counters that differ, ignoring generation and disruptedPods', () => {
    const reported = {
      observedGeneration: 1,
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 3,
      disruptionsAllowed: 1,
      disruptedPods: {},
    };
    const recomputed = {
      observedGeneration: 2,
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 2,
      disruptionsAllowed: 0,
      disruptedPods: { 'web-0': '2024-05-01T12:00:00Z' },
    };
    expect(differingCounters('PodDisruptionBudget', reported, recomputed)).toStrictEqual([
      'disruptionsAllowed',
      'currentHealthy',
    ]);
  });

  it('reads the PUB counters for a PUB', () => {
    const a = { totalReplicas: 3, desiredAvailable: 2, currentAvailable: 3, unavailableAllowed: 1 };
    expect(differingCounters('PodUnavailableBudget', a, { ...a, totalReplicas: 4 })).toStrictEqual([
      'totalReplicas',
    ]);
  });
});
