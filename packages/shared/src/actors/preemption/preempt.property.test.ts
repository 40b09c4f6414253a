import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from '../../index/cluster-index.js';
import type { NodeUsage } from '../../scheduling/fit.js';
import { addUsage } from '../../scheduling/ledger.js';
import { clusterOf, node, pdb, pod } from './__fixtures__/cluster.js';
import { PreemptionContext } from './context.js';
import { preemptionClusterFromIndex } from './from-index.js';
import { preempt } from './preempt.js';
import { selectVictimsOnNode } from './select-victims.js';
import type { Candidate } from './types.js';

const NOW = new Date('2024-05-01T12:00:00Z');
const NODES = ['n0', 'n1', 'n2', 'n3', 'n4'];

const clusterArb = fc.record({
  nodes: fc.array(
    fc.record({ cpu: fc.constantFrom(1000, 2000, 4000), slots: fc.integer({ min: 1, max: 6 }) }),
    { minLength: 1, maxLength: NODES.length },
  ),
  pods: fc.array(
    fc.record({
      node: fc.nat(NODES.length - 1),
      priority: fc.constantFrom(-10, 0, 5, 10, 100),
      cpu: fc.constantFrom(0, 250, 500, 1000),
      app: fc.constantFrom('a', 'b', undefined),
      start: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      uid: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 14 },
  ),
  pdbs: fc.array(
    fc.record({
      selector: fc.constantFrom<unknown>(
        { matchLabels: { app: 'a' } },
        { matchLabels: { app: 'b' } },
        {},
      ),
      allowed: fc.integer({ min: 0, max: 2 }),
      admitted: fc.nat(13),
    }),
    { maxLength: 3 },
  ),
  preemptor: fc.record({
    priority: fc.constantFrom(0, 5, 50, 1000),
    cpu: fc.constantFrom(250, 1000, 3000),
  }),
});

type Spec = typeof clusterArb extends fc.Arbitrary<infer T> ? T : never;

function build(spec: Spec) {
  const nodes = spec.nodes.map((n, i) => node(NODES[i] as string, n.cpu, { pods: n.slots }));
  const pods = spec.pods.map((p, i) =>
    pod({
      name: `p${i}`,
      node: nodes[p.node % nodes.length]?.name ?? 'n0',
      priority: p.priority,
      cpu: p.cpu,
      labels: p.app ? { app: p.app } : {},
      uid: `uid-${p.uid}-${i}`,
      ...(p.start !== undefined ? { startTime: `2024-05-01T00:00:00.00000000${p.start}Z` } : {}),
    }),
  );
  const pdbs = spec.pdbs.map((b, i) =>
    pdb(`pdb${i}`, b.selector, b.allowed, { disruptedPods: [`p${b.admitted}`] }),
  );
  const preemptor = pod({ name: 'preemptor', ...spec.preemptor });
  return { nodes, pods, pdbs, preemptor, cluster: clusterOf({ nodes, pods, pdbs }) };
}

const summary = (c: Candidate | undefined) =>
  c && { node: c.node, victims: c.victims.map((v) => v.name), violations: c.numPdbViolations };

describe('preemption properties', () => {
  it('never nominates a node with more PDB violations than another node that frees enough room', () => {
    fc.assert(
      fc.property(clusterArb, (spec) => {
        const { cluster, nodes, preemptor } = build(spec);
        const outcome = preempt(cluster, preemptor);
        if (!outcome.chosen) return;
        const ctx = new PreemptionContext(cluster, preemptor);
        for (const n of nodes) {
          if (!outcome.potential.includes(n.name)) continue;
          const r = selectVictimsOnNode(ctx, ctx.room(n));
          if (r.ok && r.value.victims.length > 0)
            expect(outcome.chosen.numPdbViolations).toBeLessThanOrEqual(r.value.numPdbViolations);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reprieves without adding victims: only lower-priority pods go, the pod fits without them, and none of them could stay', () => {
    fc.assert(
      fc.property(clusterArb, (spec) => {
        const { cluster, nodes, preemptor } = build(spec);
        const ctx = new PreemptionContext(cluster, preemptor);
        for (const n of nodes) {
          const room = ctx.room(n);
          const r = selectVictimsOnNode(ctx, room);
          if (!r.ok) continue;
          const lower = room.bound.filter((p) => ctx.rank(p).priority < ctx.priority);
          const victims = new Set(r.value.victims);
          expect([...victims].every((v) => lower.includes(v))).toBe(true);
          const used: NodeUsage = { ...room.used };
          for (const v of victims) addUsage(used, v.scheduling, -1);
          expect(ctx.status(room, used).code).toBe('Success');
          for (const v of victims) {
            const back: NodeUsage = { ...used };
            addUsage(back, v.scheduling, 1);
            expect(ctx.status(room, back).code).not.toBe('Success');
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('decides the same from the index (its covering budgets) as from the plain lists', () => {
    fc.assert(
      fc.property(clusterArb, (spec) => {
        const { cluster, nodes, pods, pdbs, preemptor } = build(spec);
        const index = new ClusterIndex({ now: NOW }, { nodes, pods, budgets: pdbs });
        const fromIndex = preemptionClusterFromIndex(index, {
          classes: [],
          statusSource: 'stored',
        });
        const a = preempt(cluster, preemptor);
        const b = preempt(fromIndex, preemptor);
        expect([summary(b.chosen), b.dryRun?.candidates.map(summary), b.status]).toStrictEqual([
          summary(a.chosen),
          a.dryRun?.candidates.map(summary),
          a.status,
        ]);
      }),
      { numRuns: 200 },
    );
  });
});
