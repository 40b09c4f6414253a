import { describe, expect, it } from 'vitest';
import { node, pod } from '../index/__fixtures__/objects.js';
import { filterStatus, matchesNodeAffinity, staticUnfit, tolerates } from './fit.js';
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

describe('filterStatus', () => {
  const used = { cpuMilli: 900, memoryBytes: 0, pods: 2 };
  const alloc = { cpuMilli: 1000, memoryBytes: 1024, pods: 2 };
  const reasons = (s: ReturnType<typeof filterStatus>) => [s.code, s.reasons.map((r) => r.message)];

  it('lists every resource NodeResourcesFit finds short, and calls that Unschedulable', () => {
    const wants = { requests: { cpuMilli: 200, memoryBytes: 2048 } };
    expect(reasons(filterStatus({ pod: wants, node: node('n'), alloc, used }))).toStrictEqual([
      'Unschedulable',
      ['Too many pods', 'Insufficient cpu', 'Insufficient memory'],
    ]);
  });

  it('stops at the first plugin that fails, in kube-scheduler order, as UnschedulableAndUnresolvable', () => {
    const tainted = node('t', true, {
      labels: { pool: 'gpu' },
      spec: { taints: [{ key: 'gpu', value: 'yes', effect: 'NoExecute' }] },
    });
    const wants = { nodeSelector: { pool: 'web' }, requests: { cpuMilli: 5000, memoryBytes: 0 } };
    expect([
      reasons(filterStatus({ pod: wants, node: tainted, alloc, used })),
      reasons(filterStatus({ pod: wants, nodeName: 'other', node: tainted, alloc, used })),
      reasons(filterStatus({ pod: wants, node: node('plain'), alloc, used })),
    ]).toStrictEqual([
      ['UnschedulableAndUnresolvable', ['node(s) had untolerated taint {gpu: yes}']],
      ['UnschedulableAndUnresolvable', ["node(s) didn't match the requested node name"]],
      ['UnschedulableAndUnresolvable', ["node(s) didn't match Pod's node affinity/selector"]],
    ]);
  });

  it('says Success when the pod fits', () => {
    expect(
      reasons(filterStatus({ pod: undefined, node: node('n'), alloc, used: { ...used, pods: 0 } })),
    ).toStrictEqual(['Success', []]);
  });
});
