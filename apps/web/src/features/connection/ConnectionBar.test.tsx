import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from '@testing-library/react';
import { applyEvents } from '../../api/apply-events.js';
import { queryKeys } from '../../api/queries.js';
import { streamStatus } from '../../api/stream-status.js';
import { budgetList, cluster } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

describe('ConnectionBar', () => {
  it('names the context and server and shows each source with its state and reason', () => {
    renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = screen.getByRole('region', { name: 'Connection' });
    expect(bar.textContent).toContain('Context pdbscope-demo');
    expect(bar.textContent).toContain('Server http://127.0.0.1:41234');
    expect(within(bar).getByText('pods: live').className).toBe('badge good');
    expect(
      within(bar).getByText(
        'podunavailablebudgets.policy.kruise.io: degraded (watch failed: 503 Service Unavailable)',
      ).className,
    ).toBe('badge bad');
    expect(within(bar).getByRole('status').textContent).toBe('Live updates: connecting…');
  });

  it('stops showing a source once the server says it was removed', async () => {
    const { client } = renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = screen.getByRole('region', { name: 'Connection' });
    const badges = () =>
      within(bar)
        .getAllByTitle(/./)
        .map((badge) => badge.textContent);
    expect(badges()).toStrictEqual([
      'pods: live',
      'podunavailablebudgets.policy.kruise.io: degraded (watch failed: 503 Service Unavailable)',
    ]);
    act(() =>
      applyEvents(client, [
        {
          type: 'source-removed',
          id: 'e1-101',
          at: '2026-11-21T19:40:00Z',
          sourceId: 'podunavailablebudgets.policy.kruise.io',
          ready: true,
        },
      ]),
    );
    // react-query tells its observers on a later tick.
    await waitFor(() => expect(badges()).toStrictEqual(['pods: live']));
  });

  it('says when the server cannot be reached', async () => {
    renderApp({ path: '/', cache: [[queryKeys.budgets, budgetList()]] });
    const bar = screen.getByRole('region', { name: 'Connection' });
    expect(
      await within(bar).findByText(
        'Cluster unknown: Could not reach the pdbscope server (no network in component tests).',
      ),
    ).toBeDefined();
  });

  it('says while live updates are lost, and that source states are only the last known ones', () => {
    renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = screen.getByRole('region', { name: 'Connection' });
    act(() => streamStatus.lost(Date.now()));
    expect(within(bar).getByRole('status').textContent).toBe(
      'Live updates lost just now; reconnecting (attempt 1)…',
    );
    expect(bar.textContent).toContain('Last known: All sources synced');
    act(() => streamStatus.opened(Date.now()));
    expect(within(bar).getByRole('status').textContent).toBe('Live updates: connected');
    expect(bar.textContent).not.toContain('Last known');
  });

  it('says when the cluster was found restored or replaced, with the reason on hover', async () => {
    const { client } = renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = screen.getByRole('region', { name: 'Connection' });
    const reason =
      'resourceVersion went back from 1000250 to 500125: the cluster was restored or replaced';
    act(() =>
      applyEvents(client, [
        {
          type: 'cluster-identity-changed',
          id: 'e1-102',
          at: new Date().toISOString(),
          change: {
            at: new Date().toISOString(),
            cause: 'resource-version-rewound',
            reason,
            sourceId: 'pods',
          },
        },
      ]),
    );
    const notice = await within(bar).findByTitle(reason);
    expect([notice.className, notice.textContent]).toStrictEqual([
      'badge warn',
      'Cluster restored or replaced just now (resourceVersion went back): everything was listed again',
    ]);
  });
});
