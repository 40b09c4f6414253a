import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FleetCluster, FleetResponse } from '@pdbscope/shared/api';
import { fleetCluster } from '@pdbscope/shared/testing';
import { queryKeys } from '../../api/queries.js';
import { cluster } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

/** A cluster with nodes, findings and a day of blocking budgets. */
const row = (name: string, figures: Partial<FleetCluster> = {}) =>
  fleetCluster(name, {
    nodes: [
      { drainableNow: 'drainable', nodes: 5 },
      { drainableNow: 'stuck', nodes: 1 },
    ],
    findings: [{ severity: 'warning', findings: 2 }],
    blockingHistory: [
      { at: '2026-11-21T19:20:00.000Z', value: 1 },
      { at: '2026-11-21T19:30:00.000Z', value: 2 },
    ],
    ...figures,
  });

const fleet: FleetResponse = {
  prometheus: 'http://thanos-query:9090',
  at: '2026-11-21T19:40:00.000Z',
  errors: [
    {
      query: 'findings',
      promql: 'max by (cluster, severity) (sum without (rule) (pdbscope_findings))',
      kind: 'timeout',
      message: 'HTTP 503: query timed out in expression evaluation',
    },
  ],
  warnings: [
    {
      query: 'budgets',
      promql:
        'count by (cluster) (max by (cluster, kind, namespace, name) (pdbscope_budget_blocking))',
      message: 'partial response: store 10.0.0.7:10901 unavailable',
    },
  ],
  label: 'cluster',
  lookback: '1d',
  history: { from: '2026-11-20T19:40:00.000Z', to: '2026-11-21T19:40:00.000Z', stepSeconds: 600 },
  clusters: [
    row('ap-1', {
      status: 'absent',
      reason: 'its scrape target fails (up is 0): no pdbscope_ready sample now',
      budgets: null,
      blocking: null,
      overlappingBudgets: null,
      podsWithMultipleBudgets: null,
      podsWithoutBudget: null,
      nodes: null,
      findings: null,
      blockingHistory: [],
    }),
    row('eu-1', {
      blocking: 12,
      url: 'https://pdbscope.eu-1.example.com/',
      urlFrom: 'links',
    }),
    row('us-1', { blocking: 3 }),
  ],
};

const cells = () =>
  within(screen.getByRole('table', { name: 'Clusters' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent));

describe('FleetPage', () => {
  it('lists every cluster the worst first, links out, shows what Prometheus did not answer', async () => {
    const { fetchImpl } = fakeFetch({ 'GET /api/fleet': { status: 200, body: fleet } });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path: '/fleet', cache: [[queryKeys.cluster, cluster({ fleetConfigured: true })]] });
    await screen.findByRole('table', { name: 'Clusters' });
    expect(cells()).toStrictEqual([
      ['ap-1', 'absentits scrape target fails (up is 0): no pdbscope_ready sample now', '—'],
      ['eu-1 ↗budgets in Prometheus', 'up', '12'],
      ['us-1', 'up', '3'],
    ]);
    expect(screen.getByRole('link', { name: 'eu-1 ↗' }).getAttribute('href')).toBe(
      'https://pdbscope.eu-1.example.com/',
    );
    expect(screen.getByRole('link', { name: 'us-1' }).getAttribute('href')).toBe('/fleet/us-1');
    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toContain('Fleet');
    expect(screen.getByRole('alert').textContent).toContain(
      'findings: timed out (HTTP 503: query timed out in expression evaluation)',
    );
    expect(
      screen
        .getAllByRole('status')
        .some((s) =>
          s.textContent?.includes('budgets: partial response: store 10.0.0.7:10901 unavailable'),
        ),
    ).toBe(true);
    expect(
      screen
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label'))
        .filter((label) => label?.startsWith('Blocking')),
    ).toStrictEqual([
      'Blocking budgets over the last day: from 1 to 2, 2 at the last sample',
      'Blocking budgets over the last day: from 1 to 2, 2 at the last sample',
    ]);
  });

  it('sorts by a column on a click, the worst first, and reverses on the next', async () => {
    const { fetchImpl } = fakeFetch({ 'GET /api/fleet': { status: 200, body: fleet } });
    vi.stubGlobal('fetch', fetchImpl);
    const { router } = renderApp({
      path: '/fleet',
      cache: [[queryKeys.cluster, cluster({ fleetConfigured: true })]],
    });
    await screen.findByRole('table', { name: 'Clusters' });
    fireEvent.click(screen.getByRole('button', { name: 'Blocking' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=blocking&dir=desc'));
    expect(cells().map((c) => c[2])).toStrictEqual(['12', '3', '—']);
    fireEvent.click(screen.getByRole('button', { name: 'Blocking ▼' }));
    await waitFor(() => expect(cells().map((c) => c[2])).toStrictEqual(['3', '12', '—']));
  });

  it('has no Fleet entry in the navigation when the BFF has no fleet', async () => {
    const { fetchImpl } = fakeFetch({});
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path: '/findings', cache: [[queryKeys.cluster, cluster()]] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Fleet' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Findings' })).toBeTruthy();
  });
});
