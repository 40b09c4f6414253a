import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, ownerRef, pdb, pod, workload } from './__fixtures__/objects.js';
import { classifyPdbPods } from './classify.js';
import { selectPdbPods } from './select.js';
import { syncPdb } from './sync.js';
import { workloadLookupFromList } from './workload-lookup.js';
import { decideEviction } from '../eviction/decide.js';

const rsA = workload('ReplicaSet', 'a', { replicas: 3 });
const rsB = workload('ReplicaSet', 'b', { replicas: 5 });
const lookup = workloadLookupFromList([rsA, rsB]);

const podArb = fc.record({
  ready: fc.boolean(),
  phase: fc.constantFrom('Running', 'Pending', 'Succeeded', 'Failed', 'Unknown'),
  terminating: fc.boolean(),
  owner: fc.constantFrom(rsA, rsB, undefined),
  disruptedAgoSeconds: fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
});
const limitArb = fc.oneof(
  fc.record({
    minAvailable: fc.oneof(
      fc.integer({ min: 0, max: 12 }),
      fc.integer({ min: 0, max: 100 }).map((n) => `${n}%`),
    ),
  }),
  fc.record({
    maxUnavailable: fc.oneof(
      fc.integer({ min: 0, max: 12 }),
      fc.integer({ min: 0, max: 100 }).map((n) => `${n}%`),
    ),
  }),
  fc.constant({}),
);

const scenario = fc.record({
  pods: fc.array(podArb, { maxLength: 15 }),
  limit: limitArb,
  allowed: fc.integer({ min: -1, max: 3 }),
});

type Input = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function build({ pods: specs, limit, allowed }: Input) {
  const pods = specs.map((s, i) =>
    pod(`p-${i}`, {
      ready: s.ready,
      phase: s.phase,
      ...(s.owner ? { owner: ownerRef(s.owner) } : {}),
      ...(s.terminating ? { deletionTimestamp: '2024-05-01T11:59:00Z' } : {}),
    }),
  );
  const disruptedPods: Record<string, string> = {};
  specs.forEach((s, i) => {
    if (s.disruptedAgoSeconds !== undefined)
      disruptedPods[`p-${i}`] = new Date(NOW.getTime() - s.disruptedAgoSeconds * 1000)
        .toISOString()
        .replace('.000Z', 'Z');
  });
  const budget = pdb('web', {
    ...limit,
    status: {
      observedGeneration: 1,
      disruptedPods,
      disruptionsAllowed: allowed,
      currentHealthy: 2,
      desiredHealthy: 1,
      expectedPods: 3,
    },
  });
  return { pods, budget };
}

describe('engine invariants (property)', () => {
  it('never allows a negative number of disruptions, and the lanes partition the selected pods', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const { pods, budget } = build(input);
        const selected = selectPdbPods(budget, pods);
        expect(selected.ok).toBe(true);
        if (!selected.ok) return;
        const sync = syncPdb({ pdb: budget, pods: selected.value, workloads: lookup, now: NOW });
        expect(sync.syncFailed).toBe(false);
        expect(sync.status.disruptionsAllowed).toBeGreaterThanOrEqual(0);
        if (sync.status.expectedPods <= 0) expect(sync.status.disruptionsAllowed).toBe(0);
        const lanes = classifyPdbPods({
          pdb: { ...budget, status: sync.status },
          pods: selected.value,
          now: NOW,
        });
        expect(lanes.length).toBe(selected.value.length);
        expect(lanes.filter((l) => l.lane === 'available').length).toBe(sync.status.currentHealthy);
      }),
    );
  });

  it('an admitted budgeted eviction consumes exactly one disruption and never goes below zero', () => {
    fc.assert(
      fc.property(scenario, fc.nat(14), (input, index) => {
        const { pods, budget } = build(input);
        const target = pods[index % Math.max(1, pods.length)];
        const d = decideEviction({
          namespace: 'default',
          podName: target?.name ?? 'none',
          pod: target,
          pdbs: [budget],
          now: NOW,
        });
        if (d.pdbAfter) {
          expect(d.pdbAfter.status.disruptionsAllowed).toBe(budget.status.disruptionsAllowed - 1);
          expect(d.pdbAfter.status.disruptionsAllowed).toBeGreaterThanOrEqual(0);
        }
        if (d.allowed && d.pdbChanged)
          expect(d.pdbAfter?.status.disruptedPods[target?.name ?? '']).toBe('2024-05-01T12:00:00Z');
      }),
    );
  });
});
