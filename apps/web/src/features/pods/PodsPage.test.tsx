import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PodListResponse, PodRow } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { blockedStep, cluster } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

const zkRef = { kind: 'PodDisruptionBudget' as const, namespace: 'data', name: 'zookeeper' };

function podRow(name: string, over: Partial<PodRow> = {}): PodRow {
  return {
    namespace: 'data',
    name,
    phase: 'Running',
    ready: true,
    nodeName: 'worker-1',
    owner: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zookeeper' },
    budgets: [zkRef],
    evictableNow: {
      allowed: false,
      rule: 'budget-exhausted',
      summary: 'the budget allows no disruption',
      code: 429,
    },
    ...over,
  };
}

const rows = [
  podRow('zookeeper-0'),
  podRow('zookeeper-1', { ready: false, waitingReason: 'CrashLoopBackOff', nodeName: 'worker-2' }),
  podRow('zookeeper-2', {
    budgets: [],
    owner: undefined,
    evictableNow: { allowed: true, rule: 'no-budget', summary: 'no budget selects it', code: 201 },
  }),
];

function page(items: PodRow[], total = items.length): PodListResponse {
  return { items, total, offset: 0, limit: 100, eventId: 'e1-100' };
}

function cells(): string[][] {
  return within(screen.getByRole('table', { name: 'Pods' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((cell) => cell.textContent ?? ''),
    );
}

function open(path: string, answers: Parameters<typeof fakeFetch>[0]) {
  const { fetchImpl, calls } = fakeFetch(answers);
  vi.stubGlobal('fetch', fetchImpl);
  const rendered = renderApp({ path, cache: [[queryKeys.cluster, cluster()]] });
  return { ...rendered, calls };
}

describe('PodsPage', () => {
  it('lists the pods the BFF filtered, with node, owner, budgets, health and eviction now', async () => {
    const { calls } = open('/pods?budgets=several', {
      'GET /api/pods?budgets=several&offset=0&limit=100': { status: 200, body: page(rows) },
    });
    await screen.findByRole('table', { name: 'Pods' });
    expect(cells()).toStrictEqual([
      [
        'data',
        'zookeeper-0',
        'worker-1',
        'StatefulSet/zookeeper',
        'PDB zookeeper',
        'Ready',
        '✕ Not evictable now · budget-exhausted',
      ],
      [
        'data',
        'zookeeper-1',
        'worker-2',
        'StatefulSet/zookeeper',
        'PDB zookeeper',
        'not Ready (CrashLoopBackOff)',
        '✕ Not evictable now · budget-exhausted',
      ],
      [
        'data',
        'zookeeper-2',
        'worker-1',
        'bare pod',
        'none',
        'Ready',
        '✓ Evictable now · no-budget',
      ],
    ]);
    expect([
      screen.getByText('3 pods').getAttribute('aria-live'),
      screen.getByRole<HTMLSelectElement>('combobox', { name: 'Budgets' }).value,
      calls.map((c) => c.path),
    ]).toStrictEqual(['polite', 'several', ['/api/pods?budgets=several&offset=0&limit=100']]);
  });

  it('shows why a label selector is not used, in the engine parser’s words, and does not send it', async () => {
    const { calls } = open(`/pods?labels=${encodeURIComponent('tier in (')}`, {
      'GET /api/pods?offset=0&limit=100': { status: 200, body: page(rows) },
    });
    await screen.findByRole('table', { name: 'Pods' });
    expect([screen.getByRole('alert').textContent, calls.map((c) => c.path)]).toStrictEqual([
      "The label selector is not used: unable to parse requirement: found 'tier in (', expected: in, notin, =, ==, !=, gt, lt",
      ['/api/pods?offset=0&limit=100'],
    ]);
    expect(screen.getByRole('searchbox', { name: 'Labels' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('moves through the rows with the arrow keys and opens one with Enter', async () => {
    const { router } = open('/pods', {
      'GET /api/pods?offset=0&limit=100': { status: 200, body: page(rows) },
    });
    const table = await screen.findByRole('table', { name: 'Pods' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Skip to the list' }));
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowDown}');
    expect([document.activeElement, first?.tabIndex, second?.tabIndex]).toStrictEqual([
      second,
      -1,
      0,
    ]);
    // Only the current row's links take Tab: the table is one stop, not one per link.
    expect(
      within(first as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.tabIndex),
    ).toStrictEqual([-1, -1, -1]);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/pods/data/zookeeper-1');
  });

  it('simulates an eviction from a row, keeps the focus on its button and announces the answer', async () => {
    const { calls } = open('/pods', {
      'GET /api/pods?offset=0&limit=100': { status: 200, body: page(rows) },
      'POST /api/simulate/evictions': {
        status: 200,
        body: { steps: [blockedStep()], asOf: '2026-11-21T08:00:00Z', eventId: 'e-3' },
      },
    });
    await screen.findByRole('table', { name: 'Pods' });
    const button = screen.getByRole('button', { name: 'Simulate eviction zookeeper-0' });
    await userEvent.click(button);
    const region = screen.getByRole('status', { name: 'Eviction decision' });
    await waitFor(() => expect(region.textContent).toContain('Refused: 429'));
    expect([document.activeElement, calls.at(-1)?.body]).toStrictEqual([
      button,
      { pods: ['data/zookeeper-0'] },
    ]);
  });

  it('asks only for the pages in view of a long list', async () => {
    const many = Array.from({ length: 100 }, (_, i) => podRow(`web-${String(i).padStart(5, '0')}`));
    const { calls } = open('/pods?namespace=data', {
      'GET /api/pods?namespace=data&offset=0&limit=100': {
        status: 200,
        body: page(many, 150_000),
      },
    });
    await screen.findByText('150,000 pods');
    const table = screen.getByRole('table', { name: 'Pods' });
    expect([
      table.getAttribute('aria-rowcount'),
      within(table).getAllByRole('row').length < 60,
      calls.map((c) => c.path),
    ]).toStrictEqual(['150001', true, ['/api/pods?namespace=data&offset=0&limit=100']]);
  });
});
