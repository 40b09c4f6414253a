import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { budgetList, cluster } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

const ledger: SearchResponse = {
  q: 'app=ledger',
  selector: true,
  budgets: {
    items: [
      {
        kind: 'PodDisruptionBudget',
        namespace: 'payments',
        name: 'ledger',
        selectorText: 'app=ledger',
      },
    ],
    total: 1,
  },
  pods: {
    items: [
      {
        namespace: 'payments',
        name: 'ledger-0',
        phase: 'Running',
        ready: true,
        nodeName: 'worker-2',
      },
      {
        namespace: 'payments',
        name: 'ledger-1',
        phase: 'Running',
        ready: true,
        nodeName: 'worker-6',
      },
    ],
    total: 3,
  },
  nodes: { items: [], total: 0 },
  workloads: {
    items: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        namespace: 'payments',
        name: 'ledger',
        selectorText: 'app=ledger',
        replicas: 3,
      },
    ],
    total: 1,
  },
  eventId: 'e1-100',
};

function open(answers: Parameters<typeof fakeFetch>[0] = {}) {
  const { fetchImpl, calls } = fakeFetch(answers);
  vi.stubGlobal('fetch', fetchImpl);
  const rendered = renderApp({
    path: '/',
    cache: [
      [queryKeys.budgets, budgetList()],
      [queryKeys.cluster, cluster()],
    ],
  });
  return { ...rendered, calls };
}

const options = () =>
  within(screen.getByRole('listbox', { name: 'Results' }))
    .getAllByRole('option')
    .map((option) => [option.textContent, option.getAttribute('aria-selected')]);

describe('SearchPalette', () => {
  it('opens on /, keeps every keystroke typed fast, and lists what the BFF found by kind', async () => {
    const { calls } = open({
      'GET /api/search?q=app%3Dledger': { status: 200, body: ledger },
    });
    const user = userEvent.setup({ delay: null });
    await user.keyboard('/');
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    const box = within(dialog).getByRole<HTMLInputElement>('combobox');
    expect(document.activeElement).toBe(box);
    await user.keyboard('app=ledger');
    expect(box.value).toBe('app=ledger');
    // The list is there before the answer: Enter at once goes somewhere.
    expect(options()[0]).toStrictEqual(['Pods with labels app=ledger', 'true']);
    await waitFor(() => expect(options()[0]?.[0]).toBe('Pods with labels app=ledger (3)'));
    expect(options()).toStrictEqual([
      ['Pods with labels app=ledger (3)', 'true'],
      ['payments/ledger-0 Ready · worker-2', 'false'],
      ['payments/ledger-1 Ready · worker-6', 'false'],
      ['Budgets whose selector asks for app=ledger (1)', 'false'],
      ['PDB payments/ledger app=ledger', 'false'],
      ['Deployment payments/ledger its pods · 3 replicas', 'false'],
    ]);
    // Each group is named by its heading: the kind and how many matched.
    expect(
      within(dialog)
        .getAllByRole('group')
        .map(
          (group) =>
            document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent,
        ),
    ).toStrictEqual(['Pods · 3', 'Budgets · 1', 'Workloads · 1']);
    expect(calls.map((c) => c.path)).toStrictEqual(['/api/search?q=app%3Dledger']);
  });

  it('moves with the arrow keys (aria-activedescendant) and opens the option with Enter', async () => {
    const { router } = open({ 'GET /api/search?q=app%3Dledger': { status: 200, body: ledger } });
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{Control>}k{/Control}app=ledger');
    await waitFor(() => expect(options()).toHaveLength(6));
    const box = screen.getByRole('combobox', { name: 'Search budgets, pods, nodes and workloads' });
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowUp}{ArrowUp}');
    const active = box.getAttribute('aria-activedescendant') ?? '';
    expect(document.getElementById(active)?.textContent).toBe(
      'Deployment payments/ledger its pods · 3 replicas',
    );
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect([
      router.state.location.pathname,
      router.state.location.search,
      screen.queryByRole('dialog', { name: 'Search' }),
    ]).toStrictEqual(['/pods/payments/ledger-0', '', null]);
  });

  it('takes Enter typed before the answer to the list, asking its first row for the focus', async () => {
    const { router } = open();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('/app=ledger{Enter}');
    expect([
      router.state.location.pathname,
      router.state.location.search,
      router.state.location.state,
    ]).toStrictEqual(['/pods', '?labels=app%3Dledger', { focusList: true }]);
  });

  it('closes on Escape and gives the focus back; / in a text box is only typed', async () => {
    open();
    const user = userEvent.setup({ delay: null });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.click(search);
    await user.keyboard('/');
    expect([
      screen.queryByRole('dialog', { name: 'Search' }),
      (search as HTMLInputElement).value,
    ]).toStrictEqual([null, '/']);
    const button = screen.getByRole('button', { name: 'Search /' });
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeDefined();
    await user.keyboard('{Escape}');
    expect([
      screen.queryByRole('dialog', { name: 'Search' }),
      document.activeElement,
    ]).toStrictEqual([null, button]);
  });
});
