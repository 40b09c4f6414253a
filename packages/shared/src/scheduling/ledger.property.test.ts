import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { node, pod } from '../index/__fixtures__/objects.js';
import type { PodScheduling } from '../model/scheduling.js';
import { CapacityLedger } from './ledger.js';

const NAMES = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5'];

const clusterArb = fc.array(
  fc.record({
    zone: fc.constantFrom('a', 'b'),
    maxPods: fc.integer({ min: 1, max: 5 }),
    running: fc.integer({ min: 0, max: 3 }),
    finished: fc.integer({ min: 0, max: 2 }),
  }),
  { minLength: NAMES.length, maxLength: NAMES.length },
);

const askArb = fc.record({
  zone: fc.constantFrom('a', 'b', undefined),
  cpuMilli: fc.constantFrom(0, 250, 1000),
});

const opArb = fc.oneof(
  fc.record({ op: fc.constant('place' as const), ask: askArb }),
  fc.record({ op: fc.constant('release' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('close' as const), at: fc.nat() }),
);

const scheduling = (ask: { zone: string | undefined; cpuMilli: number }): PodScheduling => ({
  ...(ask.zone !== undefined ? { nodeSelector: { zone: ask.zone } } : {}),
  requests: { cpuMilli: ask.cpuMilli, memoryBytes: 0 },
});

describe('CapacityLedger placement', () => {
  it('binds where a scan of every node would: the open node that fits with the fewest pods, then by name', () => {
    fc.assert(
      fc.property(clusterArb, fc.array(opArb, { maxLength: 40 }), (specs, ops) => {
        const nodes = specs.map((s, i) =>
          node(NAMES[i] as string, true, {
            labels: { zone: s.zone },
            allocatable: { cpu: '2', memory: '4Gi', pods: String(s.maxPods) },
          }),
        );
        const podsOn = new Map(
          specs.map((s, i) => {
            const name = NAMES[i] as string;
            const mk = (j: number, phase?: string) =>
              pod({ name: `${name}-${j}`, labels: {}, node: name, ...(phase ? { phase } : {}) });
            return [
              name,
              [
                ...Array.from({ length: s.running }, (_, j) => mk(j)),
                ...Array.from({ length: s.finished }, (_, j) => mk(100 + j, 'Succeeded')),
              ],
            ];
          }),
        );
        const ledger = CapacityLedger.of({ nodes, podsOnNode: (n) => podsOn.get(n) ?? [] });
        // The model: every pod bound to each node (finished ones too), and the open nodes.
        const bound = new Map(
          NAMES.map((n) => [n, [...(podsOn.get(n) ?? [])].map((p) => ({ asks: p.scheduling }))]),
        );
        const open = new Set(NAMES);
        for (const step of ops) {
          if (step.op === 'place') {
            const wants = scheduling(step.ask);
            const fitting = NAMES.filter(
              (n) => open.has(n) && ledger.unfit(wants, n) === undefined,
            );
            const count = (n: string) => bound.get(n)?.length ?? 0;
            const expected = fitting.sort((a, b) => count(a) - count(b) || (a < b ? -1 : 1))[0];
            const got = ledger.bindSomewhere(wants);
            expect(got).toBe(expected);
            if (got !== undefined) bound.get(got)?.push({ asks: wants });
          } else if (step.op === 'release') {
            const name = NAMES[step.at % NAMES.length] as string;
            const gone = bound.get(name)?.pop();
            if (gone !== undefined) ledger.release(gone.asks, name);
          } else {
            const name = NAMES[step.at % NAMES.length] as string;
            open.delete(name);
            ledger.close(name);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('still tries an emptier node that a previous pod did not fit', () => {
    const nodes = [
      node('a', true, { labels: { zone: 'a' } }),
      node('b', true, { labels: { zone: 'b' } }),
    ];
    const onB = [1, 2, 3].map((i) => pod({ name: `b-${i}`, labels: {}, node: 'b' }));
    const ledger = CapacityLedger.of({ nodes, podsOnNode: (n) => (n === 'b' ? onB : []) });
    expect([
      ledger.bindSomewhere({ nodeSelector: { zone: 'b' } }),
      ledger.bindSomewhere({}),
      ledger.place({ nodeSelector: { zone: 'c' } }),
    ]).toStrictEqual([
      'b',
      'a',
      {
        ok: false,
        error: {
          message: "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.",
          reasons: new Map([
            [
              'a',
              {
                kind: 'node-affinity',
                message: "node(s) didn't match Pod's node affinity/selector",
              },
            ],
            [
              'b',
              {
                kind: 'node-affinity',
                message: "node(s) didn't match Pod's node affinity/selector",
              },
            ],
          ]),
        },
      },
    ]);
  });
});
