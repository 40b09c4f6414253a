import { describe, expect, it } from 'vitest';
import { node, pod } from '../index/__fixtures__/objects.js';
import { matchesNodeAffinity, staticUnfit, tolerates } from './fit.js';
import { CapacityLedger } from './ledger.js';
import { cpuMilli, parseQuantity, wholeUnits } from './quantity.js';

describe('quantities', () => {
  it('reads CPU and memory as the API writes them', () => {
    expect(['100m', '0.1', '2', '1.5', '7910m', 1].map((q) => cpuMilli(q))).toStrictEqual([
      100, 100, 2000, 1500, 7910, 1000,
    ]);
    expect(
      ['128Mi', '31315148Ki', '1G', '1e3', '512', 'lots'].map((q) => wholeUnits(q)),
    ).toStrictEqual([134217728, 32066711552, 1e9, 1000, 512, undefined]);
    expect(parseQuantity('1.5Gi')).toBe(1610612736);
  });
});

describe('scheduling filters', () => {
  it('tolerates as the API does: empty effect matches all, Exists ignores the value', () => {
    const taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
    expect(
      [
        { key: 'dedicated', operator: 'Exists' },
        { key: 'dedicated', value: 'gpu' },
        { key: 'dedicated', value: 'cpu' },
        { key: 'dedicated', operator: 'Exists', effect: 'NoExecute' },
        { operator: 'Exists' },
      ].map((t) => tolerates(t, taint)),
    ).toStrictEqual([true, true, false, false, true]);
  });

  it('lets a pod tolerating the unschedulable taint onto a cordoned node, and ignores PreferNoSchedule', () => {
    const cordoned = node('n', true, {
      spec: {
        unschedulable: true,
        taints: [{ key: 'spot', effect: 'PreferNoSchedule' }],
      },
    });
    const p = pod({
      name: 'ds',
      labels: {},
      spec: { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists' }] },
    });
    expect([
      staticUnfit(undefined, cordoned)?.kind,
      staticUnfit(p.scheduling, cordoned),
    ]).toStrictEqual(['unschedulable', undefined]);
  });

  it('treats an empty node selector term as matching nothing', () => {
    const p = pod({
      name: 'x',
      labels: {},
      spec: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}] },
          },
        },
      },
    });
    expect(matchesNodeAffinity(p.scheduling, node('n'))).toBe(false);
  });
});

describe('CapacityLedger', () => {
  it('uses up capacity on the copy it places on, never on the original', () => {
    const nodes = [node('a', true, { allocatable: { cpu: '1', memory: '1Gi', pods: '110' } })];
    const running = pod({ name: 'r', labels: {}, node: 'a', requests: { cpu: '600m' } });
    const done = pod({
      name: 'd',
      labels: {},
      node: 'a',
      phase: 'Succeeded',
      requests: { cpu: '900m' },
    });
    const ledger = CapacityLedger.of({ nodes, podsOnNode: () => [running, done] });
    const copy = ledger.copy();
    const wants = { requests: { cpuMilli: 300, memoryBytes: 0 } };
    expect(copy.place(wants)).toStrictEqual({ ok: true, value: 'a' });
    expect(copy.place(wants)).toMatchObject({
      ok: false,
      error: { message: '0/1 nodes are available: 1 Insufficient cpu.' },
    });
    expect([ledger.usage('a'), copy.usage('a')]).toStrictEqual([
      { cpuMilli: 600, memoryBytes: 0, pods: 1 },
      { cpuMilli: 900, memoryBytes: 0, pods: 2 },
    ]);
    copy.release(running.scheduling, 'a');
    expect(copy.place(wants)).toStrictEqual({ ok: true, value: 'a' });
  });
});
