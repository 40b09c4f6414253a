import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContextsResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { budgetList, cluster } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

const contexts = (current: string): ContextsResponse => ({
  current,
  switchable: true,
  contexts: [
    { name: 'alpha', cluster: 'alpha', server: 'https://alpha.example:6443' },
    { name: 'beta', cluster: 'beta', server: 'https://beta.example:6443' },
  ],
});

describe('ContextPicker', () => {
  it('switches to another context of the kubeconfig, and the page shows only the new cluster', async () => {
    const alpha = cluster({ source: 'kubeconfig', context: 'alpha' });
    const beta = cluster({
      source: 'kubeconfig',
      context: 'beta',
      server: 'https://beta.example:6443',
    });
    let current = alpha;
    const { fetchImpl, calls } = fakeFetch({
      'GET /api/cluster': () => ({ status: 200, body: current }),
      'GET /api/budgets': () => ({
        status: 200,
        body: current === alpha ? budgetList() : budgetList([]),
      }),
      'GET /api/contexts': () => ({ status: 200, body: contexts(current.context) }),
      'POST /api/contexts/switch': (body) => {
        current = beta;
        return { status: 200, body: contexts((body as { context: string }).context) };
      },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, alpha],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = screen.getByRole('region', { name: 'Connection' });
    const picker = await within(bar).findByRole('combobox', { name: 'Context' });
    expect([...(picker as HTMLSelectElement).options].map((o) => o.value)).toStrictEqual([
      'alpha',
      'beta',
    ]);
    expect((picker as HTMLSelectElement).value).toBe('alpha');
    expect(await screen.findByText('Showing 4 of 4 budgets')).toBeDefined();
    fireEvent.change(picker, { target: { value: 'beta' } });
    await waitFor(() => expect((picker as HTMLSelectElement).value).toBe('beta'));
    expect(bar.textContent).toContain('Server https://beta.example:6443');
    expect(
      await screen.findByText('No disruption budgets in the watched namespaces.'),
    ).toBeDefined();
    expect(calls.filter((c) => c.method === 'POST')).toStrictEqual([
      { method: 'POST', path: '/api/contexts/switch', body: { context: 'beta' } },
    ]);
  });

  it('shows the context without a picker, and why on hover, when the BFF cannot switch', async () => {
    const reason =
      'the BFF runs the simulated demo cluster (--sim, or no kubeconfig was found), which has one context';
    const { fetchImpl } = fakeFetch({
      'GET /api/contexts': {
        status: 200,
        body: { current: 'pdbscope-demo', switchable: false, reason, contexts: [] },
      },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = screen.getByRole('region', { name: 'Connection' });
    expect((await within(bar).findByTitle(reason)).textContent).toBe('pdbscope-demo');
    expect(within(bar).queryByRole('combobox', { name: 'Context' })).toBeNull();
  });
});
