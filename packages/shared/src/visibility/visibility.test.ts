import { describe, expect, it } from 'vitest';
import { labelPdb, labelPub, pub } from '../index/__fixtures__/objects.js';
import { budgetUnseen, sameUnseen } from './budget-unseen.js';
import {
  FULL_VISIBILITY,
  isFullyVisible,
  makeVisibility,
  sameVisibility,
  unseenReason,
  unseenScope,
  unseenText,
} from './visibility.js';

const podsRefused = (namespace: string) => ({
  kind: 'pods' as const,
  namespace,
  reason: `no permission to list pods in ${namespace}`,
});

describe('makeVisibility', () => {
  it('sorts refusals by kind and namespace, joins the reasons of one scope, drops a node refusal’s namespace', () => {
    expect(
      makeVisibility({
        refusals: [
          { kind: 'nodes', namespace: 'ignored', reason: 'no permission to list nodes' },
          {
            kind: 'workloads',
            namespace: 'zookeeper',
            reason: 'no permission to list statefulsets in zookeeper',
          },
          podsRefused('zookeeper'),
          {
            kind: 'workloads',
            namespace: 'zookeeper',
            reason: 'no permission to list replicasets in zookeeper',
          },
          podsRefused('payments'),
          podsRefused('zookeeper'),
        ],
        watched: ['zookeeper', 'payments', 'zookeeper'],
      }),
    ).toStrictEqual({
      refusals: [
        podsRefused('payments'),
        podsRefused('zookeeper'),
        {
          kind: 'workloads',
          namespace: 'zookeeper',
          reason:
            'no permission to list statefulsets in zookeeper; no permission to list replicasets in zookeeper',
        },
        { kind: 'nodes', reason: 'no permission to list nodes' },
      ],
      watched: ['payments', 'zookeeper'],
    });
  });

  it('is FULL_VISIBILITY when nothing is refused and every namespace is watched', () => {
    expect([
      makeVisibility({}) === FULL_VISIBILITY,
      isFullyVisible(makeVisibility({ refusals: [] })),
      isFullyVisible(makeVisibility({ watched: ['shop'] })),
      isFullyVisible(makeVisibility({ refusals: [podsRefused('shop')] })),
    ]).toStrictEqual([true, true, false, false]);
  });
});

describe('sameVisibility', () => {
  it('compares refusals and watched namespaces by value', () => {
    const a = makeVisibility({ refusals: [podsRefused('zookeeper')] });
    expect([
      sameVisibility(a, makeVisibility({ refusals: [podsRefused('zookeeper')] })),
      sameVisibility(a, makeVisibility({ refusals: [podsRefused('payments')] })),
      sameVisibility(a, FULL_VISIBILITY),
      sameVisibility(FULL_VISIBILITY, makeVisibility({ watched: [] })),
      sameVisibility(
        makeVisibility({ refusals: [{ ...podsRefused('zookeeper'), reason: 'another' }] }),
        a,
      ),
    ]).toStrictEqual([true, false, false, false, false]);
  });
});

describe('unseenReason', () => {
  const v = makeVisibility({
    refusals: [
      podsRefused('zookeeper'),
      { kind: 'budgets', reason: 'no permission to list poddisruptionbudgets' },
      { kind: 'nodes', reason: 'no permission to list nodes' },
    ],
    watched: ['shop', 'zookeeper'],
  });

  it('answers per kind and namespace: refused there, refused cluster-wide, or not watched', () => {
    expect([
      unseenReason(v, 'pods', 'zookeeper'),
      unseenReason(v, 'pods', 'shop'),
      unseenReason(v, 'pods', 'payments'),
      unseenReason(v, 'pods'),
      unseenReason(v, 'budgets', 'shop'),
      unseenReason(v, 'workloads', 'shop'),
      unseenReason(v, 'nodes', 'shop'),
      unseenReason(v, 'nodes'),
    ]).toStrictEqual([
      'no permission to list pods in zookeeper',
      undefined,
      'not watched: pdbscope watches only shop, zookeeper (--namespace)',
      undefined,
      'no permission to list poddisruptionbudgets',
      undefined,
      'no permission to list nodes',
      'no permission to list nodes',
    ]);
  });
});

describe('unseenScope and unseenText', () => {
  it('says where a kind is not visible, in words answers can carry', () => {
    const one = makeVisibility({ refusals: [podsRefused('zookeeper')] });
    const many = makeVisibility({
      refusals: ['a', 'b', 'c', 'd'].map(podsRefused),
      watched: ['a', 'b', 'c', 'd', 'shop'],
    });
    const wide = makeVisibility({
      refusals: [{ kind: 'pods', reason: 'no permission to list pods' }],
    });
    expect([
      unseenScope(one, 'pods'),
      unseenScope(one, 'nodes'),
      unseenScope(many, 'nodes'),
      [one, many, wide].map((v) => {
        const scope = unseenScope(v, 'pods');
        return scope && unseenText(scope);
      }),
    ]).toStrictEqual([
      {
        kind: 'pods',
        namespaces: [{ namespace: 'zookeeper', reason: 'no permission to list pods in zookeeper' }],
      },
      undefined,
      undefined,
      [
        'pods in zookeeper not visible: no permission to list pods in zookeeper',
        'pods in 4 namespaces not visible (a, b, c and 1 more): no permission to list pods in a; no permission to list pods in b; no permission to list pods in c and 1 more; pods outside the watched namespaces not visible: not watched: pdbscope watches only a, b, c, d, shop (--namespace)',
        'pods not visible: no permission to list pods',
      ],
    ]);
  });
});

describe('budgetUnseen', () => {
  const zk = labelPdb({ namespace: 'zookeeper', name: 'zookeeper', maxUnavailable: 1 });
  const zkInteger = labelPdb({ namespace: 'zookeeper', name: 'zk-min', minAvailable: 2 });
  const byTarget = pub({
    namespace: 'zookeeper',
    name: 'zk-pub',
    targetRef: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zookeeper' },
    maxUnavailable: 1,
  });
  const bySelector = labelPub({ namespace: 'zookeeper', name: 'zk-sel', maxUnavailable: 1 });
  const workloadsRefused = makeVisibility({
    refusals: [
      {
        kind: 'workloads',
        namespace: 'zookeeper',
        reason: 'no permission to list statefulsets in zookeeper',
      },
    ],
  });

  it('hides the pods of a budget whose namespace’s pods are not visible', () => {
    const text = 'pods not visible: no permission to list pods in zookeeper';
    expect(
      budgetUnseen(makeVisibility({ refusals: [podsRefused('zookeeper')] }), zk),
    ).toStrictEqual({ pods: text, recomputed: text });
  });

  it('with the workloads not visible, hides a targetRef’s pods, and the recomputed status of a budget counting scale', () => {
    const target =
      'pods not known: its targetRef StatefulSet zookeeper is not visible: no permission to list statefulsets in zookeeper';
    expect([
      budgetUnseen(workloadsRefused, zk),
      budgetUnseen(workloadsRefused, zkInteger),
      budgetUnseen(workloadsRefused, byTarget),
      budgetUnseen(workloadsRefused, bySelector),
      budgetUnseen(FULL_VISIBILITY, zk),
      budgetUnseen(makeVisibility({ refusals: [podsRefused('shop')] }), zk),
    ]).toStrictEqual([
      {
        recomputed:
          "expected pods unknown: their controllers' scale is not visible: no permission to list statefulsets in zookeeper",
      },
      undefined,
      { pods: target, recomputed: target },
      {
        recomputed:
          "expected pods unknown: their controllers' scale is not visible: no permission to list statefulsets in zookeeper",
      },
      undefined,
      undefined,
    ]);
  });

  it('compares unseen parts by their words', () => {
    expect([
      sameUnseen(undefined, undefined),
      sameUnseen({ recomputed: 'x' }, { recomputed: 'x' }),
      sameUnseen({ recomputed: 'x' }, { pods: 'x', recomputed: 'x' }),
      sameUnseen(undefined, { recomputed: 'x' }),
    ]).toStrictEqual([true, true, false, false]);
  });
});
