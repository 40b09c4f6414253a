import { describe, expect, it } from 'vitest';
import { source } from '../testing/budget-rows.js';
import { notVisibleText, sourceScope } from './source-scope.js';

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
