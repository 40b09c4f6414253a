import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryKeys } from '../../api/queries.js';
import { budgetList, cluster, zookeeper, zookeeperAll } from '../../test/fixtures.js';
import { shouldRetry } from '../../app/query-client.js';
import { fakeFetch, renderApp } from '../../test/render.js';
import userEvent from '@testing-library/user-event';

function cache() {
  return [
    [queryKeys.budgets, budgetList()],
    [queryKeys.cluster, cluster()],
  ] as const;
}

/** What the BFF answers a search: the rows it found, the summary over every budget. */
function searched(items: ReturnType<typeof budgetList>['items']) {
  return { ...budgetList(), items };
}

function rowNames(): string[] {
  const table = screen.getByRole('table', { name: 'Budgets' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent ?? '');
}

describe('BudgetsPage', () => {
  it('lists every budget, each linking to its detail by name', () => {
    renderApp({ path: '/', cache: cache() });
    expect(rowNames()).toStrictEqual(['zookeeper', 'zookeeper-all', 'trino-worker', 'cart']);
    expect(screen.getByRole('link', { name: 'zookeeper' }).getAttribute('href')).toBe(
      '/budgets/PodDisruptionBudget/data/zookeeper',
    );
    expect(screen.getByRole('link', { name: 'cart' }).getAttribute('href')).toBe(
      '/budgets/PodUnavailableBudget/shop/cart',
    );
  });

  it('shows 0 allowed disruptions as 0, marked in words and not by colour alone', () => {
    renderApp({ path: '/', cache: cache() });
    const row = screen.getByRole('link', { name: 'zookeeper' }).closest('[role="row"]');
    if (!(row instanceof HTMLElement)) throw new Error('no row for zookeeper');
    const allowed = within(row).getAllByRole('cell')[9];
    expect(allowed?.textContent).toBe('0 blocks');
    expect(allowed?.querySelector('.zero')).not.toBeNull();
  });

  it('marks a budget that allows disruptions but none of whose pods can go, with the reason', () => {
    const reason =
      'every one of its 3 pods is under more than one PodDisruptionBudget: each eviction is refused with HTTP 500, whatever the budgets allow';
    const [zookeeper, zookeeperAll, ...rest] = budgetList().items;
    if (zookeeperAll === undefined || zookeeper === undefined) throw new Error('no fixture');
    const blocked = {
      ...zookeeperAll,
      flags: { ...zookeeperAll.flags, blocking: true, blockingReason: reason },
    };
    renderApp({
      path: '/',
      cache: [
        [queryKeys.budgets, budgetList([zookeeper, blocked, ...rest])],
        [queryKeys.cluster, cluster()],
      ],
    });
    const row = screen.getByRole('link', { name: 'zookeeper-all' }).closest('[role="row"]');
    if (!(row instanceof HTMLElement)) throw new Error('no row for zookeeper-all');
    const allowed = within(row).getAllByRole('cell')[9];
    expect([
      allowed?.textContent,
      allowed?.querySelector('.zero')?.getAttribute('title'),
    ]).toStrictEqual([
      `${blocked.kind === 'PodDisruptionBudget' ? blocked.disruptionsAllowed : ''} blocks`,
      `Blocks every eviction: ${reason}`,
    ]);
  });

  it("draws each budget's pods as a bar with the numbers in its name and a mark at desired healthy", () => {
    renderApp({ path: '/', cache: cache() });
    const row = screen.getByRole('link', { name: 'zookeeper' }).closest('[role="row"]');
    if (!(row instanceof HTMLElement)) throw new Error('no row for zookeeper');
    const bar = within(row).getByRole('img');
    const widths = [...bar.children].map(
      (part) => (part as HTMLElement).style.width || (part as HTMLElement).style.left,
    );
    expect([bar.getAttribute('aria-label'), widths]).toStrictEqual([
      '2 available, 1 unavailable, 0 disrupted; 2 must stay healthy',
      ['66.67%', '33.33%', '0.00%', '66.67%'],
    ]);
  });

  it('shows the summary strip', () => {
    renderApp({ path: '/', cache: cache() });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.closest('.card')?.textContent),
    ).toStrictEqual([
      '4Budgets',
      '1Block any eviction',
      '2Overlapping',
      '3Pods with more than one budget',
      '5Pods with no budget',
      '1With findings',
      '0Stale status',
    ]);
    // Each opens the list of what it counted: budgets with a state, or the pods themselves.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toStrictEqual([
      '/',
      '/?state=blocking',
      '/?state=overlapping',
      '/pods?budgets=several',
      '/pods?budgets=none',
      '/?state=findings',
      '/?state=stale',
    ]);
  });

  it('filters by state through the URL, so the filtered view is a link of its own', () => {
    const { router } = renderApp({ path: '/', cache: cache() });
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), {
      target: { value: 'overlapping' },
    });
    expect(rowNames()).toStrictEqual(['zookeeper', 'zookeeper-all']);
    expect(router.state.location.search).toBe('?state=overlapping');
    expect(screen.getByText('Showing 2 of 4 budgets')).toBeDefined();
  });

  it('searches and sorts; clicking a header twice reverses the order', () => {
    renderApp({
      path: '/?q=zoo',
      cache: [...cache(), [queryKeys.budgetSearch('zoo'), searched([zookeeper, zookeeperAll])]],
    });
    expect(rowNames()).toStrictEqual(['zookeeper', 'zookeeper-all']);
    fireEvent.click(screen.getByRole('button', { name: 'Allowed disruptions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Allowed disruptions ▲' }));
    expect(rowNames()).toStrictEqual(['zookeeper-all', 'zookeeper']);
    expect(
      screen.getByRole('columnheader', { name: 'Allowed disruptions ▼' }).getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('says when no budget matches the filters', () => {
    renderApp({
      path: '/?q=nothing-like-this',
      cache: [...cache(), [queryKeys.budgetSearch('nothing-like-this'), searched([])]],
    });
    expect(screen.getByText('No budget matches these filters.')).toBeDefined();
  });

  it('says when the cluster has no budgets at all', () => {
    renderApp({
      path: '/',
      cache: [
        [queryKeys.budgets, budgetList([])],
        [queryKeys.cluster, cluster()],
      ],
    });
    expect(screen.getByText('No disruption budgets in the watched namespaces.')).toBeDefined();
  });
});

describe('BudgetsPage search', () => {
  it("asks the BFF once typing pauses, so a pod's name finds the budget that covers it", async () => {
    const { fetchImpl, calls } = fakeFetch({
      'GET /api/budgets?text=zookeeper-1': { status: 200, body: searched([zookeeper]) },
    });
    vi.stubGlobal('fetch', fetchImpl);
    const { router } = renderApp({ path: '/', cache: cache() });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search.getAttribute('placeholder')).toBe('budget, pod name or label=value');
    for (const typed of ['z', 'zoo', 'zookeeper-1'])
      fireEvent.change(search, { target: { value: typed } });
    await waitFor(() => expect(rowNames()).toStrictEqual(['zookeeper']));
    expect([
      calls.map((call) => call.path),
      router.state.location.search,
      screen.getByText(/^Showing/).textContent,
    ]).toStrictEqual([
      ['/api/budgets?text=zookeeper-1'],
      '?q=zookeeper-1',
      'Showing 1 of 4 budgets',
    ]);
  });
});

describe('BudgetsPage filters in quick succession', () => {
  it('keeps each change: clearing the search and picking a state before a re-render', () => {
    const { router } = renderApp({
      path: '/?q=zookeeper',
      cache: [
        ...cache(),
        [queryKeys.budgetSearch('zookeeper'), searched([zookeeper, zookeeperAll])],
      ],
    });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    const state = screen.getByRole('combobox', { name: 'State' });
    act(() => {
      fireEvent.change(search, { target: { value: '' } });
      fireEvent.change(state, { target: { value: 'blocking' } });
    });
    expect(router.state.location.search).toBe('?state=blocking');
    expect(rowNames()).toStrictEqual(['zookeeper']);
  });
});

function namespaceBox(): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('combobox', { name: 'Namespace' });
}

/** The namespaces the picker offers, as its options read. */
async function offered(): Promise<string[]> {
  await userEvent.click(namespaceBox());
  await userEvent.keyboard('{ArrowDown}');
  const names = within(screen.getByRole('listbox', { name: 'Namespaces' }))
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return names;
}

describe('BudgetsPage namespace filter', () => {
  it('picks several namespaces at once, kept in the URL as the API takes them', async () => {
    const { router } = renderApp({ path: '/?namespace=shop', cache: cache() });
    expect(rowNames()).toStrictEqual(['cart']);
    await userEvent.clear(namespaceBox());
    await userEvent.type(namespaceBox(), 'data,sh{ArrowDown}{Enter}');
    expect(router.state.location.search).toBe('?namespace=data%2Cshop');
    expect(rowNames()).toStrictEqual(['zookeeper', 'zookeeper-all', 'cart']);
    expect(namespaceBox().value).toBe('data,shop');
    await userEvent.clear(namespaceBox());
    expect(router.state.location.search).toBe('');
    expect(rowNames()).toStrictEqual(['zookeeper', 'zookeeper-all', 'trino-worker', 'cart']);
  });

  it('offers every namespace while searching, with what the search finds in each', async () => {
    const { router } = renderApp({
      path: '/?q=zookeeper',
      cache: [
        ...cache(),
        [queryKeys.budgetSearch('zookeeper'), searched([zookeeper, zookeeperAll])],
      ],
    });
    expect(await offered()).toStrictEqual(['data (2)', 'query (0)', 'shop (0)']);
    await userEvent.type(namespaceBox(), 'shop{Enter}');
    expect(router.state.location.search).toBe('?namespace=shop&q=zookeeper');
    expect(screen.getByText('No budget matches these filters.')).toBeDefined();
  });
});

describe('BudgetsPage export', () => {
  it('exports the rows shown (filtered), as CSV and JSON', async () => {
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    renderApp({ path: '/?namespace=shop', cache: cache() });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    const [csv, json] = await Promise.all(blobs.map((blob) => blob.text()));
    expect(csv?.split('\r\n').map((line) => line.split(',').slice(0, 3).join(','))).toStrictEqual([
      'kind,namespace,name',
      'PodUnavailableBudget,shop,cart',
      '',
    ]);
    expect((JSON.parse(json ?? '') as { name: string }[]).map((row) => row.name)).toStrictEqual([
      'cart',
    ]);
  });
});

describe('BudgetsPage while the BFF syncs', () => {
  it('says the server is still syncing and keeps waiting instead of failing', async () => {
    const { fetchImpl, calls } = fakeFetch({
      'GET /api/budgets': {
        status: 503,
        body: {
          type: 'about:blank',
          title: 'Service Unavailable',
          status: 503,
          detail: 'still syncing with the cluster: waiting for pods',
        },
      },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({
      path: '/',
      cache: [[queryKeys.cluster, cluster()]],
      queries: { retry: shouldRetry, retryDelay: 1 },
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/budgets').length).toBeGreaterThan(3),
    );
    expect(screen.getByText(/^Loading budgets…/).textContent).toBe(
      'Loading budgets… Service Unavailable: still syncing with the cluster: waiting for pods Trying again.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
