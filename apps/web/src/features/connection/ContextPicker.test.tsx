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

  it('shows the context without a picker, and asks nothing, when the BFF cannot switch', async () => {
    const { fetchImpl, calls } = fakeFetch({
      'GET /api/contexts': {
        status: 200,
        body: {
          current: 'alpha',
          switchable: true,
          contexts: [{ name: 'alpha', cluster: 'alpha', server: 'https://alpha.example:6443' }],
        },
      },
    });
    vi.stubGlobal('fetch', fetchImpl);
    const simulated = renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = () => screen.getByRole('region', { name: 'Connection' });
    expect(within(bar()).getByTitle('pdbscope-demo').textContent).toBe('pdbscope-demo');
    expect(calls).toStrictEqual([]);
    simulated.unmount();
    // A kubeconfig with one context: nothing to pick.
    renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, cluster({ source: 'kubeconfig', context: 'alpha' })],
        [queryKeys.budgets, budgetList()],
      ],
    });
    await waitFor(() => expect(calls.map((c) => c.path)).toStrictEqual(['/api/contexts']));
    expect(within(bar()).getByTitle('alpha').textContent).toBe('alpha');
    expect(within(bar()).queryByRole('combobox', { name: 'Context' })).toBeNull();
  });
});
