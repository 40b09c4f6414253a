import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, deployment, labelPdb } from '../index/__fixtures__/objects.js';
import { planDrain } from '../eviction/drain.js';
import { clusterOf, KUBECTL_DEFAULTS, TIMINGS } from './__fixtures__/cluster.js';
import { forecastUpgrade } from './forecast.js';
import type { UpgradeStrategy } from './types.js';

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

const rulesArb = fc.record({
  provider: fc.constantFrom('gke' as const, 'eks' as const, 'aks' as const),
  atTimeout: fc.constantFrom('delete-pods' as const, 'fail' as const, 'quarantine' as const),
  surgeSetting: fc.boolean(),
  surgeDrains: fc.boolean(),
});
const strategyArb = fc.record({
  maxUnavailable: fc.integer({ min: 1, max: 3 }),
  maxSurge: fc.integer({ min: 0, max: 2 }),
});

/** The pool's upgrade by kubectl's drain with this strategy. */
const kubectlInput = (parts: Parameters<typeof clusterOf>[0], strategy: UpgradeStrategy) => ({
  index: clusterOf(parts),
  nodes: NODES,
  strategy,
  drain: KUBECTL_DEFAULTS,
  timings: TIMINGS,
  now: NOW,
});

describe('forecastUpgrade with a managed provider', () => {
  it("equals kubectl's forecast when the provider's timeout is infinite", () => {
    fc.assert(
      fc.property(clusterArb, rulesArb, strategyArb, (parts, rules, strategy) => {
        const input = kubectlInput(parts, strategy);
        const provider = { ...rules, drainTimeoutSeconds: Number.POSITIVE_INFINITY };
        expect(forecastUpgrade({ ...input, provider })).toStrictEqual(forecastUpgrade(input));
      }),
      { numRuns: 150 },
    );
  });

  it('never stalls with a finite timeout, and deleting pods at it always reaches the last node', () => {
    fc.assert(
      fc.property(
        clusterArb,
        rulesArb,
        strategyArb,
        fc.integer({ min: 1, max: 7200 }),
        (parts, rules, strategy, seconds) => {
          const forecast = forecastUpgrade({
            ...kubectlInput(parts, strategy),
            provider: { ...rules, drainTimeoutSeconds: seconds },
          });
          expect(forecast.verdict).not.toBe('stalls');
          const drained = forecast.steps.flatMap((s) => s.nodes);
          if (rules.atTimeout !== 'fail') expect(drained).toStrictEqual(NODES);
          // Every drain the provider cut short lasted its timeout (and the node's replacement).
          for (const s of forecast.steps.filter((x) => x.forced ?? x.quarantined))
            expect(s.endSeconds - s.startSeconds).toBeGreaterThanOrEqual(seconds);
        },
      ),
      { numRuns: 150 },
    );
  });
});
