import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Finding, FindingsResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { cluster, zookeeperDetail } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

const postgres: Finding = {
  id: 'never-allows-disruption/db/postgres',
  rule: 'never-allows-disruption',
  severity: 'error',
  subject: { kind: 'PodDisruptionBudget', namespace: 'db', name: 'postgres' },
  related: [],
  message: 'maxUnavailable 0: this budget never allows a voluntary disruption',
  remedy: 'Allow at least one disruption, or drain this node by hand',
};

function page(items: Finding[], over: Partial<FindingsResponse> = {}): FindingsResponse {
  return {
    items,
    counts: { error: 1, warning: 1, info: 0 },
    total: items.length,
    page: 1,
    limit: 100,
    eventId: 'e1-100',
    ...over,
  };
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('FindingsPage', () => {
  it('lists a page of findings with severity, a link to its object and the remedy; the BFF filters by severity', async () => {
    const { fetchImpl, calls } = fakeFetch({
      'GET /api/findings?limit=100': {
        status: 200,
        body: page([postgres, ...zookeeperDetail().findings]),
      },
      'GET /api/findings?severity=warning&limit=100': {
        status: 200,
        body: page(zookeeperDetail().findings),
      },
      'GET /api/findings?limit=500': {
        status: 200,
        body: page([postgres, ...zookeeperDetail().findings]),
      },
    });
    vi.stubGlobal('fetch', fetchImpl);
    const { router } = renderApp({ path: '/findings', cache: [[queryKeys.cluster, cluster()]] });
    await screen.findByRole('table');
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
    fireEvent.change(screen.getByRole('combobox', { name: 'Severity' }), {
      target: { value: 'warning' },
    });
    expect(router.state.location.search).toBe('?severity=warning');
    await waitFor(() => expect(rows().map((row) => row[0])).toStrictEqual(['warning']));
    expect(calls.map((c) => c.path)).toStrictEqual([
      '/api/findings?limit=100',
      // The rule and kind choices, from every finding.
      '/api/findings?limit=500',
      '/api/findings?severity=warning&limit=100',
    ]);
    const options = (name: string) =>
      [...(screen.getByRole('combobox', { name }) as HTMLSelectElement).options].map(
        (option) => option.textContent,
      );
    // Rule and kind are choices among what the findings carry, not typed ids.
    await waitFor(() =>
      expect([options('Rule'), options('Kind')]).toStrictEqual([
        ['All', 'never-allows-disruption (1)', 'unhealthy-blocks-drain (1)'],
        ['All', 'PodDisruptionBudget (2)'],
      ]),
    );
  });

  it('pages through thousands of findings 100 at a time, with separators', async () => {
    const many = (n: number) =>
      Array.from({ length: 100 }, (_, i) => ({
        ...postgres,
        id: `selector-matches-no-pod/shop/cart-${n + i}`,
        subject: { kind: 'PodDisruptionBudget', namespace: 'shop', name: `cart-${n + i}` },
      }));
    const { fetchImpl } = fakeFetch({
      'GET /api/findings?limit=100': { status: 200, body: page(many(0), { total: 4_500 }) },
      'GET /api/findings?page=2&limit=100': {
        status: 200,
        body: page(many(100), { total: 4_500, page: 2 }),
      },
    });
    vi.stubGlobal('fetch', fetchImpl);
    const { router } = renderApp({ path: '/findings', cache: [[queryKeys.cluster, cluster()]] });
    await screen.findByRole('table');
    const pager = screen.getByRole('navigation', { name: 'Pages of findings' });
    expect(pager.textContent).toBe(
      'Showing 1–100 of 4,500 findingsPrevious pagePage 1 of 45Next page',
    );
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(rows()[0]?.[1]).toBe('PodDisruptionBudget shop/cart-100'));
    expect(rows()).toHaveLength(100);
  });
});
