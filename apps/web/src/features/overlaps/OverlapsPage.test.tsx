import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OverlapGroup, OverlapPairsResponse, OverlapsResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { cluster, zookeeperDetail } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

const crowd: OverlapGroup = {
  id: 'PodDisruptionBudget/crowd/web-0000',
  namespace: 'crowd',
  kind: 'live',
  budgets: Array.from({ length: 50 }, (_, i) => ({
    kind: 'PodDisruptionBudget' as const,
    namespace: 'crowd',
    name: `web-${String(i).padStart(4, '0')}`,
  })),
  budgetCount: 2_000,
  detectedBy: ['live-pods', 'static-analysis'],
  pods: ['crowd/web-0', 'crowd/web-1'],
  podCount: 2,
  evictionFails: true,
  witness: { app: 'web' },
  message:
    '2000 budgets share 2 pods: evicting a pod under two PodDisruptionBudgets fails with a 500 (more than one PodDisruptionBudget)',
};

const cart: OverlapGroup = {
  id: 'PodDisruptionBudget/shop/cart-canary',
  namespace: 'shop',
  kind: 'potential',
  budgets: [
    { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'cart-canary' },
    { kind: 'PodUnavailableBudget', namespace: 'shop', name: 'cart' },
  ],
  budgetCount: 2,
  detectedBy: ['static-analysis', 'kruise-admission'],
  pods: [],
  podCount: 0,
  evictionFails: false,
  witness: { app: 'cart', track: 'canary' },
  message: 'no pod is shared today, but a pod labelled {app=cart,track=canary} would be selected',
};

const groups = (items: OverlapGroup[]): OverlapsResponse => ({
  items,
  total: items.length,
  page: 1,
  limit: 20,
  eventId: 'e1-100',
});

const pairs = (next?: string): OverlapPairsResponse => ({
  group: crowd,
  items: zookeeperDetail().overlaps.map((o) => ({
    ...o,
    id: `${o.id}${next ?? 'last'}`,
  })),
  ...(next !== undefined ? { next } : {}),
  eventId: 'e1-100',
});

describe('OverlapsPage', () => {
  it('lists groups (members, shared pods, example labels, rules) and opens one into pages of pairs', async () => {
    const id = encodeURIComponent(crowd.id);
    const { fetchImpl, calls } = fakeFetch({
      'GET /api/overlaps?limit=20': { status: 200, body: groups([crowd, cart]) },
      [`GET /api/overlaps/${id}/pairs?limit=50`]: { status: 200, body: pairs('0.51') },
      [`GET /api/overlaps/${id}/pairs?cursor=0.51&limit=50`]: { status: 200, body: pairs() },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path: '/overlaps', cache: [[queryKeys.cluster, cluster()]] });
    const list = await screen.findByRole('list', { name: 'Overlap groups' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('strong')?.textContent)).toStrictEqual([
      '2,000 budgets in crowd',
      '2 budgets in shop',
    ]);
    expect(cards[0]?.textContent).toContain('and 1,950 more');
    expect(cards[0]?.textContent).toContain('Shared pods (2): crowd/web-0, crowd/web-1');
    expect(cards[1]?.textContent).toContain(
      "Flagged by: static analysis of the selectors; OpenKruise's admission rule",
    );
    expect(screen.getByText('app=cart, track=canary')).toBeDefined();
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Show pairs' }));
    const opened = await screen.findByRole('list', { name: 'Pairs of crowd/web-0000' });
    await waitFor(() =>
      expect(within(opened).getAllByText(/^Both budgets select 3 pods/)).toHaveLength(1),
    );
    fireEvent.click(within(opened).getByRole('button', { name: 'More pairs' }));
    await waitFor(() =>
      expect(within(opened).getAllByText(/^Both budgets select 3 pods/)).toHaveLength(2),
    );
    expect(within(opened).queryByRole('button', { name: 'More pairs' })).toBeNull();
    expect(calls.map((c) => c.path)).toStrictEqual([
      '/api/overlaps?limit=20',
      `/api/overlaps/${id}/pairs?limit=50`,
      `/api/overlaps/${id}/pairs?cursor=0.51&limit=50`,
    ]);
  });

  it('filters on the server, in the URL, and says when nothing matches', async () => {
    const { fetchImpl, calls } = fakeFetch({
      'GET /api/overlaps?limit=20': { status: 200, body: groups([crowd, cart]) },
      'GET /api/overlaps?kind=potential&limit=20': { status: 200, body: groups([cart]) },
      'GET /api/overlaps?kind=potential&text=nope&limit=20': { status: 200, body: groups([]) },
    });
    vi.stubGlobal('fetch', fetchImpl);
    const { router } = renderApp({ path: '/overlaps', cache: [[queryKeys.cluster, cluster()]] });
    await screen.findByRole('list', { name: 'Overlap groups' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), {
      target: { value: 'potential' },
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Overlap groups' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'nope' },
    });
    await screen.findByText('No overlap matches these filters.');
    expect(router.state.location.search).toBe('?kind=potential&text=nope');
    expect(calls.map((c) => c.path)).toStrictEqual([
      '/api/overlaps?limit=20',
      '/api/overlaps?kind=potential&limit=20',
      '/api/overlaps?kind=potential&text=nope&limit=20',
    ]);
  });
});
