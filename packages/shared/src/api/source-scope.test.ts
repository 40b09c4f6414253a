import { describe, expect, it } from 'vitest';
import { source } from '../testing/budget-rows.js';
import { FULL_VISIBILITY } from '../visibility/visibility.js';
import { notVisibleText, sourceScope, visibilityOfSources } from './source-scope.js';

describe('sourceScope', () => {
  it('reads the resource, its plural and the namespace from the id', () => {
    expect(
      ['pods', 'pods@shop', 'poddisruptionbudgets.policy@payments', 'deployments.apps'].map((id) =>
        sourceScope({ id }),
      ),
    ).toStrictEqual([
      { resource: 'pods', plural: 'pods' },
      { resource: 'pods', plural: 'pods', namespace: 'shop' },
      {
        resource: 'poddisruptionbudgets.policy',
        plural: 'poddisruptionbudgets',
        namespace: 'payments',
      },
      { resource: 'deployments.apps', plural: 'deployments' },
    ]);
  });
});

describe('notVisibleText', () => {
  it('says what may not be listed where, for a refused source only', () => {
    expect([
      notVisibleText(source('poddisruptionbudgets.policy@payments', 'refused')),
      notVisibleText(source('nodes', 'refused')),
      notVisibleText(source('pods@payments', 'degraded')),
    ]).toStrictEqual([
      'not visible: no permission to list poddisruptionbudgets in payments',
      'not visible: no permission to list nodes',
      undefined,
    ]);
  });
});

describe('visibilityOfSources', () => {
  it('makes each refused source of a resource the answers read a refusal of its kind', () => {
    expect(
      visibilityOfSources(
        [
          source('pods@zookeeper', 'refused'),
          source('pods@shop', 'live'),
          source('statefulsets.apps@zookeeper', 'refused'),
          source('replicasets.apps@zookeeper', 'refused'),
          source('podunavailablebudgets.policy.kruise.io', 'refused'),
          source('nodes', 'degraded'),
          source('events', 'refused'),
          source('namespaces', 'refused'),
        ],
        ['shop', 'zookeeper'],
      ),
    ).toStrictEqual({
      refusals: [
        { kind: 'pods', namespace: 'zookeeper', reason: 'no permission to list pods in zookeeper' },
        {
          kind: 'workloads',
          namespace: 'zookeeper',
          reason:
            'no permission to list statefulsets in zookeeper; no permission to list replicasets in zookeeper',
        },
        { kind: 'budgets', reason: 'no permission to list podunavailablebudgets' },
      ],
      watched: ['shop', 'zookeeper'],
    });
  });

  it('is everything visible when nothing is refused and every namespace is watched', () => {
    expect(visibilityOfSources([source('pods', 'live')], null)).toBe(FULL_VISIBILITY);
  });
});
