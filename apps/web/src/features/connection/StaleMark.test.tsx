import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { ClusterResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { streamStatus } from '../../api/stream-status.js';
import {
  budgetList,
  cluster,
  nodeDetail,
  nodeRow,
  zookeeper,
  zookeeperDetail,
} from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

const MINUTE = 60_000;

/** The demo cluster with every source live, or with `degraded` sources degraded since `since`. */
function clusterWith(
  degraded: readonly string[] = [],
  since = new Date().toISOString(),
): ClusterResponse {
  const base = cluster();
  return {
    ...base,
    sources: ['pods', 'nodes', 'poddisruptionbudgets.policy', 'events'].map((id) => ({
      id,
      resource: `v1 ${id}`,
      state: degraded.includes(id) ? 'degraded' : 'live',
      since,
      ...(degraded.includes(id)
        ? { reason: `watch failed: connect ECONNREFUSED 127.0.0.1:6443` }
        : {}),
      objects: 3,
      forbiddenNamespaces: [],
    })),
  };
}

function marks(): string[] {
  return screen
    .queryAllByRole('status')
    .filter((el) => el.classList.contains('stale-mark'))
    .map((el) => el.textContent ?? '');
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
        /^stale · 2 min: these numbers were last known good at .+ \(pods degraded\)$/,
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
      expect.stringMatching(/^stale · <1 min: .*\(nodes degraded\)$/),
    ]);
    nodes.unmount();
    renderApp({ path: '/nodes/worker-1', cache });
    expect(marks()).toStrictEqual([
      expect.stringMatching(/^stale · <1 min: .*\(nodes degraded\)$/),
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
      expect.stringMatching(/^stale · 3 min: .*\(live updates lost\)$/),
    ]);
    act(() => streamStatus.opened(Date.now()));
    expect(marks()).toStrictEqual([]);
  });
});
