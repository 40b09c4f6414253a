import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, deployment, labelPdb } from '../index/__fixtures__/objects.js';
import { planDrain } from '../eviction/drain.js';
import { clusterOf, KUBECTL_DEFAULTS, TIMINGS } from './__fixtures__/cluster.js';
import { forecastUpgrade } from './forecast.js';

const NODES = ['node-a', 'node-b', 'node-c', 'node-d'];

/** Up to three Deployments spread over the nodes, each under one PDB (or none). */
const clusterArb = fc
  .array(
    fc.record({
      replicas: fc.integer({ min: 1, max: 5 }),
      offset: fc.integer({ min: 0, max: 3 }),
      budget: fc.oneof(
        fc.constant(undefined),
        fc.record({ maxUnavailable: fc.integer({ min: 0, max: 3 }) }),
        fc.record({ minAvailable: fc.integer({ min: 0, max: 5 }) }),
      ),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((apps) => {
    const parts = apps.map((a, i) => {
      const labels = { app: `app${i}` };
      const d = deployment({
        name: `app${i}`,
        replicas: a.replicas,
        labels,
        nodes: [...NODES.slice(a.offset), ...NODES.slice(0, a.offset)],
      });
      const budgets = a.budget
        ? [labelPdb({ name: `app${i}`, matchLabels: labels, ...a.budget })]
        : [];
      return { ...d, budgets };
    });
    return {
      pods: parts.flatMap((p) => p.pods),
      workloads: parts.flatMap((p) => p.workloads),
      budgets: parts.flatMap((p) => p.budgets),
      nodes: NODES,
    };
  });

describe('forecastUpgrade properties', () => {
  it('never evicts, on the first node, a pod that a sequential kubectl drain of it would leave', () => {
    fc.assert(
      fc.property(clusterArb, (parts) => {
        const index = clusterOf(parts);
        const forecast = forecastUpgrade({
          index,
          nodes: NODES,
          strategy: { maxUnavailable: 1, maxSurge: 0 },
          drain: KUBECTL_DEFAULTS,
          timings: TIMINGS,
          now: NOW,
        });
        const plan = planDrain({ index, node: 'node-a', now: NOW });
        const drained = new Set(plan.evicted.map((p) => p.name));
        for (const p of forecast.steps[0]?.evicted ?? []) expect(drained.has(p.name)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('always completes with unlimited surge when no budget is at 0 allowed', () => {
    fc.assert(
      fc.property(clusterArb, (parts) => {
        const index = clusterOf(parts);
        fc.pre(
          [...index.budgets()].every(
            (b) => b.kind === 'PodDisruptionBudget' && b.synced.status.disruptionsAllowed > 0,
          ),
        );
        const forecast = forecastUpgrade({
          index,
          nodes: NODES,
          strategy: { maxUnavailable: 1, maxSurge: parts.pods.length },
          drain: KUBECTL_DEFAULTS,
          timings: TIMINGS,
          now: NOW,
        });
        expect(forecast.stall?.summary).toBeUndefined();
        expect(forecast.verdict).toBe('completes');
      }),
      { numRuns: 150 },
    );
  });
});
