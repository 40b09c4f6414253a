import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FindingsResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { cluster, zookeeperDetail } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

const findings: FindingsResponse = {
  items: [
    {
      id: 'never-allows-disruption/db/postgres',
      rule: 'never-allows-disruption',
      severity: 'error',
      subject: { kind: 'PodDisruptionBudget', namespace: 'db', name: 'postgres' },
      related: [],
      message: 'maxUnavailable 0: this budget never allows a voluntary disruption',
      remedy: 'Allow at least one disruption, or drain this node by hand',
    },
    ...zookeeperDetail().findings,
  ],
  counts: { error: 1, warning: 1, info: 0 },
  eventId: 'e1-100',
};

describe('FindingsPage', () => {
  it('lists each finding with severity, a link to its object and the remedy; filters by severity in the URL', () => {
    const { router } = renderApp({
      path: '/findings',
      cache: [
        [queryKeys.findings, findings],
        [queryKeys.cluster, cluster()],
      ],
    });
    const rows = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows()).toStrictEqual([
      [
        'error',
        'PodDisruptionBudget db/postgres',
        'maxUnavailable 0: this budget never allows a voluntary disruption (never-allows-disruption)',
        'Allow at least one disruption, or drain this node by hand',
      ],
      [
        'warning',
        'PodDisruptionBudget data/zookeeperwith Pod data/zookeeper-2',
        'An unhealthy pod blocks evictions under IfHealthyBudget (unhealthy-blocks-drain)',
        'Set unhealthyPodEvictionPolicy: AlwaysAllow',
      ],
    ]);
    expect(
      screen.getByRole('link', { name: 'PodDisruptionBudget db/postgres' }).getAttribute('href'),
    ).toBe('/budgets/PodDisruptionBudget/db/postgres');
    expect(screen.getByRole('link', { name: 'Pod data/zookeeper-2' }).getAttribute('href')).toBe(
      '/pods/data/zookeeper-2',
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Severity' }), {
      target: { value: 'warning' },
    });
    expect(router.state.location.search).toBe('?severity=warning');
    expect(rows().map((row) => row[0])).toStrictEqual(['warning']);
  });
});

describe('FindingsPage with thousands of findings', () => {
  it('draws 200 at a time', () => {
    const many: FindingsResponse = {
      items: Array.from({ length: 450 }, (_, i) => ({
        id: `selector-matches-nothing/shop/cart-${i}`,
        rule: 'selector-matches-nothing',
        severity: 'warning' as const,
        subject: { kind: 'PodDisruptionBudget', namespace: 'shop', name: `cart-${i}` },
        related: [],
        message: 'The selector matches no pod',
        remedy: 'Fix the selector or delete the budget',
      })),
      counts: { error: 0, warning: 450, info: 0 },
      eventId: 'e1-100',
    };
    renderApp({
      path: '/findings',
      cache: [
        [queryKeys.findings, many],
        [queryKeys.cluster, cluster()],
      ],
    });
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').length - 1;
    expect(rows()).toBe(200);
    fireEvent.click(screen.getByRole('button', { name: 'Show 200 more' }));
    expect(rows()).toBe(400);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(rows()).toBe(450);
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
  });
});
