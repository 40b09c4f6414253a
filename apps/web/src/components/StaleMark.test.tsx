import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { ClusterResponse, SourceState } from '@pdbscope/shared/api';
import { queryKeys } from '../api/queries.js';
import { streamStatus } from '../api/stream-status.js';
import {
  budgetList,
  cluster,
  nodeDetail,
  nodeRow,
  zookeeper,
  zookeeperDetail,
} from '../test/fixtures.js';
import { renderApp } from '../test/render.js';

const MINUTE = 60_000;

/**
 * The demo cluster with every source live, or with some `degraded` (or another state) since
 * `since`; ids may name a namespace (`pods@shop`).
 */
function clusterWith(
  states: Readonly<Record<string, SourceState['state']>> | readonly string[] = [],
  since = new Date().toISOString(),
): ClusterResponse {
  const base = cluster();
  const wanted: Record<string, SourceState['state']> = Array.isArray(states)
    ? Object.fromEntries(states.map((id: string) => [id, 'degraded' as const]))
    : (states as Record<string, SourceState['state']>);
  const ids = [
    ...new Set(['pods', 'nodes', 'poddisruptionbudgets.policy', 'events', ...Object.keys(wanted)]),
  ];
  return {
    ...base,
    sources: ids.map((id) => {
      const state = wanted[id] ?? 'live';
      return {
        id,
        resource: `v1 ${id}`,
        state,
        since,
        ...(state === 'degraded'
          ? { reason: `watch failed: connect ECONNREFUSED 127.0.0.1:6443` }
          : state === 'refused'
            ? { reason: `forbidden: ${id} is forbidden` }
            : {}),
        objects: 3,
        forbiddenNamespaces: [],
      };
    }),
  };
}

function marks(className = 'stale-mark'): string[] {
  return screen
    .queryAllByRole('status')
    .filter((el) => el.classList.contains(className))
    .map((el) => el.textContent ?? '');
}

/** Each overview row's namespace and name, with its row marks. */
function rowMarks(): string[] {
  return [...document.querySelectorAll('.vgrid [role="row"]')].slice(1).map((row) => {
    const cells = row.querySelectorAll('[role="cell"]');
    const marked = [...row.querySelectorAll('.row-mark')].map((m) => m.firstChild?.textContent);
    return `${cells[1]?.querySelector('span')?.textContent}/${cells[2]?.textContent}${marked.length > 0 ? ` (${marked.join(', ')})` : ''}`;
  });
}

describe('stale marks', () => {
  it('are absent while the stream is open and the sources are live', () => {
    act(() => streamStatus.opened(Date.now()));
    renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, clusterWith()],
        [queryKeys.budgets, budgetList()],
      ],
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Budgets');
    expect(marks()).toStrictEqual([]);
  });

  it('mark the overview while a source it reads is degraded, with the time since it was good', () => {
    act(() => streamStatus.opened(Date.now()));
    const since = new Date(Date.now() - 2 * MINUTE - 5000).toISOString();
    renderApp({
      path: '/',
      cache: [
        [queryKeys.cluster, clusterWith(['pods'], since)],
        [queryKeys.budgets, budgetList()],
      ],
    });
    expect(marks()).toStrictEqual([
      expect.stringMatching(
        /^stale · 2 min: these numbers were last known good at .+ \(pods degraded since .+\)$/,
      ),
    ]);
  });

  it('leave the overview alone when only nodes or events are degraded, but mark the nodes', () => {
    act(() => streamStatus.opened(Date.now()));
    const cache = [
      [queryKeys.cluster, clusterWith(['nodes', 'events'])],
      [queryKeys.budgets, budgetList()],
      [queryKeys.nodes, { items: [nodeRow('worker-1')], eventId: 'e1-100' }],
      [queryKeys.node('worker-1'), nodeDetail()],
    ] as const;
    const overview = renderApp({ path: '/', cache });
    expect(marks()).toStrictEqual([]);
    overview.unmount();
    const nodes = renderApp({ path: '/nodes', cache });
    expect(marks()).toStrictEqual([
      expect.stringMatching(/^stale · <1 min: .*\(nodes degraded since .+\)$/),
    ]);
    nodes.unmount();
    renderApp({ path: '/nodes/worker-1', cache });
    expect(marks()).toStrictEqual([
      expect.stringMatching(/^stale · <1 min: .*\(nodes degraded since .+\)$/),
    ]);
  });

  it('mark a budget detail while live updates are lost, and go once they are back', () => {
    act(() => streamStatus.opened(Date.now()));
    renderApp({
      path: `/budgets/PodDisruptionBudget/${zookeeper.namespace}/${zookeeper.name}`,
      cache: [
        [queryKeys.cluster, clusterWith()],
        [queryKeys.budgetDetail(zookeeper), zookeeperDetail()],
      ],
    });
    expect(marks()).toStrictEqual([]);
    act(() => streamStatus.lost(Date.now() - 3 * MINUTE - 20_000));
    expect(marks()).toStrictEqual([
      expect.stringMatching(/^stale · 3 min: .*\(live updates lost since .+\)$/),
    ]);
    act(() => streamStatus.opened(Date.now()));
    expect(marks()).toStrictEqual([]);
  });

  it('mark only the budgets of a namespace whose source is degraded, and say which namespace', () => {
    act(() => streamStatus.opened(Date.now()));
    const cache = [
      [queryKeys.cluster, clusterWith(['pods@shop'])],
      [queryKeys.budgets, budgetList()],
      [queryKeys.budgetDetail(zookeeper), zookeeperDetail()],
    ] as const;
    const overview = renderApp({ path: '/', cache });
    expect(marks()).toStrictEqual([
      expect.stringMatching(
        /^stale in shop · <1 min: these numbers were last known good at .+ \(pods@shop degraded since .+\)$/,
      ),
    ]);
    expect(rowMarks()).toStrictEqual([
      'data/zookeeper',
      'data/zookeeper-all',
      'query/trino-worker',
      'shop/cart (stale data)',
    ]);
    overview.unmount();
    // A budget of another namespace is not marked.
    renderApp({
      path: `/budgets/PodDisruptionBudget/${zookeeper.namespace}/${zookeeper.name}`,
      cache,
    });
    expect(marks()).toStrictEqual([]);
  });

  it('mark a refused source (403) as not visible, apart from stale', () => {
    act(() => streamStatus.opened(Date.now()));
    const cache = [
      [
        queryKeys.cluster,
        clusterWith({ 'pods@data': 'refused', 'poddisruptionbudgets.policy@data': 'refused' }),
      ],
      [queryKeys.budgets, budgetList()],
      [queryKeys.budgetDetail(zookeeper), zookeeperDetail()],
    ] as const;
    const detail = renderApp({
      path: `/budgets/PodDisruptionBudget/${zookeeper.namespace}/${zookeeper.name}`,
      cache,
    });
    expect([marks(), marks('notvisible-mark')]).toStrictEqual([
      [],
      [
        'not visible: no permission to list pods in data and 1 more: not visible: no permission to list poddisruptionbudgets in data',
      ],
    ]);
    detail.unmount();
    renderApp({ path: '/', cache });
    expect(rowMarks()).toStrictEqual([
      'data/zookeeper (not visible)',
      'data/zookeeper-all (not visible)',
      'query/trino-worker',
      'shop/cart',
    ]);
  });
});
