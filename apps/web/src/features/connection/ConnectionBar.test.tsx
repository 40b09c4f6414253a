import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from '@testing-library/react';
import { applyEvents } from '../../api/apply-events.js';
import { queryKeys } from '../../api/queries.js';
import { streamStatus } from '../../api/stream-status.js';
import { budgetList, cluster } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

describe('ConnectionBar', () => {
  it('names the context and server on one line, and each source and its reason on demand', () => {
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
    expect(bar.textContent).toContain('1 of 2 sources degraded');
    expect(bar.textContent).not.toContain('All');
    expect(bar.textContent).not.toContain('503 Service Unavailable');
    expect(within(bar).queryByRole('list', { name: 'Sources' })).toBeNull();
    expect(within(bar).queryByRole('region', { name: 'Source details' })).toBeNull();
    const toggle = within(bar).getByRole('button', { name: 'Details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const chips = within(bar).getByRole('list', { name: 'Sources' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => [chip.textContent, chip.className]),
    ).toStrictEqual([
      ['✓ pods: live', 'chip good'],
      ['✕ podunavailablebudgets.policy.kruise.io: degraded', 'chip bad'],
    ]);
    const details = within(bar).getByRole('region', { name: 'Source details' });
    expect(toggle.getAttribute('aria-controls')).toBe(details.id);
    expect(details.textContent).toContain('Server http://127.0.0.1:41234');
    expect(
      within(details)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/since .*?,/, 'since …,')),
    ).toStrictEqual([
      'pods v1 pods: live since …, 40 objects',
      'podunavailablebudgets.policy.kruise.io policy.kruise.io/v1alpha1 podunavailablebudgets: degraded since …, 1 objects — watch failed: 503 Service Unavailable',
    ]);
    expect(within(bar).getByRole('status').textContent).toBe('Live updates: connecting…');
  });

  it('says the credentials were refused, apart from degraded, with what to run again', () => {
    const [pods] = cluster().sources;
    const reason =
      'the API server refused the credentials (401 Unauthorized): the token of user "exec" comes from its exec plugin; run `aws eks get-token --cluster-name prod` to check it issues a valid token (log in again if it fails)';
    renderApp({
      path: '/',
      cache: [
        [
          queryKeys.cluster,
          cluster({
            sources: pods
              ? [
                  { ...pods, state: 'credentials', reason },
                  { ...pods, id: 'nodes', resource: 'v1 nodes', state: 'credentials', reason },
                  {
                    ...pods,
                    id: 'poddisruptionbudgets.policy',
                    resource: 'policy/v1 poddisruptionbudgets',
                  },
                ]
              : [],
          }),
        ],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = screen.getByRole('region', { name: 'Connection' });
    expect(bar.textContent).toContain('2 of 3 sources: credentials refused (401), renew them');
    expect(within(bar).getByRole('alert').textContent).toBe(reason);
    // Each source's chip is a detail, on demand.
    fireEvent.click(within(bar).getByRole('button', { name: 'Details' }));
    expect(
      within(within(bar).getByRole('list', { name: 'Sources' }))
        .getAllByRole('listitem')
        .map((chip) => [chip.textContent, chip.className]),
    ).toStrictEqual([
      ['⚿ pods: credentials refused (401)', 'chip bad'],
      ['⚿ nodes: credentials refused (401)', 'chip bad'],
      ['✓ poddisruptionbudgets.policy: live', 'chip good'],
    ]);
  });

  it('says every source is synced only when none is degraded', () => {
    const [pods] = cluster().sources;
    renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, cluster({ sources: pods ? [pods, { ...pods, id: 'nodes' }] : [] })],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = screen.getByRole('region', { name: 'Connection' });
    expect(bar.textContent).toContain('All 2 sources synced');
  });

  it('lists the objects a snapshot could not read, with where and why', () => {
    renderApp({
      path: '/',
      cache: [
        [
          queryKeys.cluster,
          cluster({
            source: 'snapshot',
            context: 'snapshot',
            server: '/tmp/cut.yaml',
            sources: [
              {
                id: 'snapshot',
                resource: 'kubectl snapshot /tmp/cut.yaml',
                state: 'live',
                since: '2026-11-21T19:30:00Z',
                objects: 12,
                forbiddenNamespaces: [],
                unreadable: [
                  {
                    position: 'items[3]',
                    object: 'Pod shop/web-2',
                    error: 'status.conditions: expected an array',
                  },
                  { position: 'items[7]', error: 'not an object' },
                ],
              },
            ],
          }),
        ],
        [queryKeys.budgets, budgetList()],
      ],
    });
    const bar = screen.getByRole('region', { name: 'Connection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Details' }));
    expect(within(bar).getByRole('list', { name: 'Sources' }).textContent).toBe(
      '✓ snapshot: live · 2 unreadable',
    );
    const unreadable = within(bar).getByRole('list', { name: 'Objects snapshot could not read' });
    expect(
      within(unreadable)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toStrictEqual([
      'items[3] Pod shop/web-2: status.conditions: expected an array',
      'items[7]: not an object',
    ]);
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
    fireEvent.click(within(bar).getByRole('button', { name: 'Details' }));
    const badges = () =>
      within(within(bar).getByRole('list', { name: 'Sources' }))
        .getAllByRole('listitem')
        .map((badge) => badge.textContent);
    expect(badges()).toStrictEqual([
      '✓ pods: live',
      '✕ podunavailablebudgets.policy.kruise.io: degraded',
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
    await waitFor(() => expect(badges()).toStrictEqual(['✓ pods: live']));
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
    expect(bar.textContent).toContain('Last known: 1 of 2 sources degraded');
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
