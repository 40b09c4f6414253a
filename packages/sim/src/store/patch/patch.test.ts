import { describe, expect, it } from 'vitest';
import { applyJsonPatch, applyMergePatch, applyStrategicMergePatch } from './index.js';

const pdbSpec = {
  spec: {
    minAvailable: 1,
    selector: {
      matchLabels: { app: 'web', tier: 'fe' },
      matchExpressions: [{ key: 'track', operator: 'In', values: ['stable'] }],
    },
  },
};

describe('patches (TestPatchCompatibility)', () => {
  it('strategic merge replaces a PDB selector as a whole', () => {
    const out = applyStrategicMergePatch(
      pdbSpec,
      { spec: { selector: { matchLabels: { app: 'api' } } } },
      { replacePaths: new Set(['spec.selector']) },
    );
    expect(out).toStrictEqual({
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'api' } } },
    });
  });

  it('merge patch merges matchLabels and replaces matchExpressions', () => {
    const out = applyMergePatch(pdbSpec, {
      spec: {
        selector: {
          matchLabels: { app: 'api' },
          matchExpressions: [{ key: 'x', operator: 'Exists' }],
        },
      },
    });
    expect(out).toStrictEqual({
      spec: {
        minAvailable: 1,
        selector: {
          matchLabels: { app: 'api', tier: 'fe' },
          matchExpressions: [{ key: 'x', operator: 'Exists' }],
        },
      },
    });
  });

  it('strategic merge merges keyed lists, deletes with null and honours $patch: delete', () => {
    const pod = {
      metadata: { labels: { app: 'web', old: 'x' } },
      status: {
        conditions: [
          { type: 'Ready', status: 'True' },
          { type: 'PodScheduled', status: 'True' },
        ],
      },
      spec: {
        containers: [
          { name: 'a', image: 'a:1' },
          { name: 'b', image: 'b:1' },
        ],
      },
    };
    const out = applyStrategicMergePatch(pod, {
      metadata: { labels: { old: null, tier: 'fe' } },
      status: {
        conditions: [
          { type: 'Ready', status: 'False' },
          { type: 'DisruptionTarget', status: 'True' },
        ],
        '$setElementOrder/conditions': [{ type: 'Ready' }],
      },
      spec: {
        containers: [
          { name: 'b', $patch: 'delete' },
          { name: 'a', image: 'a:2' },
        ],
      },
    });
    expect(out).toStrictEqual({
      metadata: { labels: { app: 'web', tier: 'fe' } },
      status: {
        conditions: [
          { type: 'Ready', status: 'False' },
          { type: 'PodScheduled', status: 'True' },
          { type: 'DisruptionTarget', status: 'True' },
        ],
      },
      spec: { containers: [{ name: 'a', image: 'a:2' }] },
    });
  });

  it('JSON patch applies operations in order and reports a failed test', () => {
    const doc = { spec: { unschedulable: false, taints: [{ key: 'a' }] } };
    expect(
      applyJsonPatch(doc, [
        { op: 'replace', path: '/spec/unschedulable', value: true },
        { op: 'add', path: '/spec/taints/-', value: { key: 'b' } },
        { op: 'remove', path: '/spec/taints/0' },
      ]),
    ).toStrictEqual({
      ok: true,
      value: { spec: { unschedulable: true, taints: [{ key: 'b' }] } },
    });
    expect(
      applyJsonPatch(doc, [{ op: 'test', path: '/spec/unschedulable', value: true }]),
    ).toStrictEqual({ ok: false, error: 'testing value /spec/unschedulable failed: test failed' });
  });
});
