import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OverlapsResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { cluster, zookeeperDetail } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

const overlaps: OverlapsResponse = {
  items: [
    ...zookeeperDetail().overlaps,
    {
      id: 'potential:shop/cart+shop/cart-canary',
      kind: 'potential',
      budgets: [
        { kind: 'PodUnavailableBudget', namespace: 'shop', name: 'cart' },
        { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'cart-canary' },
      ],
      detectedBy: ['static-analysis', 'kruise-admission'],
      pods: [],
      podCount: 0,
      witness: { app: 'cart', track: 'canary' },
      message: 'Both selectors match a pod labelled app=cart,track=canary',
    },
  ],
  eventId: 'e1-100',
};

describe('OverlapsPage', () => {
  it('lists live and potential overlaps with shared pods, an example label set and the rule, and draws the matrix', () => {
    renderApp({
      path: '/overlaps',
      cache: [
        [queryKeys.overlaps, overlaps],
        [queryKeys.cluster, cluster()],
      ],
    });
    expect(screen.getByRole('heading', { name: 'Sharing live pods (1)' })).toBeDefined();
    expect(screen.getByText('data/zookeeper-0, data/zookeeper-1, data/zookeeper-2')).toBeDefined();
    expect(screen.getByText('app=cart, track=canary')).toBeDefined();
    expect(
      screen.getByText("Flagged by: static analysis of the selectors; OpenKruise's admission rule"),
    ).toBeDefined();
    const matrix = screen.getByRole('table', { name: 'Overlap matrix' });
    const cells = within(matrix)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(cells).toStrictEqual([
      ['·', 'L', '', ''],
      ['L', '·', '', ''],
      ['', '', '·', 'P'],
      ['', '', 'P', '·'],
    ]);
  });

  it('says when no budgets overlap', () => {
    renderApp({
      path: '/overlaps',
      cache: [
        [queryKeys.overlaps, { items: [], eventId: 'e1' }],
        [queryKeys.cluster, cluster()],
      ],
    });
    expect(screen.getByText('No two budgets select, or could select, the same pod.')).toBeDefined();
  });
});
