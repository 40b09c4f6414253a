import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryKeys } from '../../api/queries.js';
import { cluster, nodeRow } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

const nodes = {
  items: [
    nodeRow('control-plane-1', {
      labels: { 'node-role.kubernetes.io/control-plane': '', 'topology.kubernetes.io/zone': 'a' },
      taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
      pods: 8,
      budgetedPods: 0,
    }),
    nodeRow('worker-1', { labels: { 'topology.kubernetes.io/zone': 'b' }, pods: 1200 }),
    nodeRow('worker-2', {
      ready: false,
      labels: { 'topology.kubernetes.io/zone': 'a' },
      pods: 3,
      drainableNow: {
        state: 'stuck',
        pods: [{ kind: 'Pod', namespace: 'shop', name: 'web-1' }],
        podCount: 1,
        budgets: [{ kind: 'PodDisruptionBudget', namespace: 'shop', name: 'web' }],
        budgetCount: 1,
        reason: 'eviction of shop/web-1 refused now, 429 (web)',
      },
      blockedFor: ['kubectl-drain', 'cluster-autoscaler'],
    }),
    nodeRow('worker-3', {
      unschedulable: true,
      labels: { 'topology.kubernetes.io/zone': 'b' },
      // Drainable, but Cluster Autoscaler keeps it (a pod with local storage, say).
      blockedFor: ['cluster-autoscaler'],
    }),
  ],
  eventId: 'e1-100',
};

function open(path: string) {
  return renderApp({
    path,
    cache: [
      [queryKeys.nodes, nodes],
      [queryKeys.cluster, cluster()],
    ],
  });
}

function rows(): string[][] {
  return within(screen.getByRole('table', { name: 'Nodes' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('NodesPage', () => {
  it('draws the rows at once and says, right after, which of them do not match the API', async () => {
    const broken = { ...nodeRow('worker-9'), budgetedPods: 'none' };
    renderApp({
      path: '/nodes',
      cache: [
        [queryKeys.nodes, { ...nodes, items: [...nodes.items, broken] }],
        [queryKeys.cluster, cluster()],
      ],
    });
    const drawn = screen.getAllByRole('link', { name: 'worker-1' }).length > 0;
    const alert = await screen.findByRole('alert');
    expect([drawn, alert.textContent?.split('\n')[0]]).toStrictEqual([
      true,
      "The answer's nodes do not match the API: ✖ Invalid input: expected number, received string",
    ]);
  });

  it('never calls a node drainable when pods of a namespace are not visible', () => {
    const hidden = 'pods in zookeeper not visible: no permission to list pods in zookeeper';
    renderApp({
      path: '/nodes',
      cache: [
        [
          queryKeys.nodes,
          {
            items: [
              nodeRow('worker-1', {
                drainableNow: {
                  state: 'unknown',
                  pods: [],
                  podCount: 0,
                  budgets: [],
                  budgetCount: 0,
                  reason: 'unknown: pods in zookeeper not visible',
                  notVisible: [hidden],
                },
              }),
            ],
            notVisible: [hidden],
            eventId: 'e1-100',
          },
        ],
        [queryKeys.cluster, cluster()],
      ],
    });
    expect(screen.getByRole('note').textContent).toBe(`Not visible to these answers: ${hidden}.`);
    const cell = within(screen.getByRole('table', { name: 'Nodes' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[5]);
    expect(cell.map((c) => c?.textContent)).toStrictEqual(['Not known ?']);
    expect(cell[0]?.querySelector('span')?.getAttribute('title')).toBe(
      'unknown: pods in zookeeper not visible',
    );
    const legend = within(map()).getByRole('group', { name: 'Filter by drainable now' });
    expect(
      within(legend)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toStrictEqual([' Stuck 0', ' Refused 0', ' Not known 1', ' Drainable 0']);
  });

  it('lists every node in a virtualised grid with state, taints and counts with separators', () => {
    open('/nodes');
    expect(rows()).toStrictEqual([
      ['control-plane-1', 'Ready ', 'node-role.kubernetes.io/control-plane:NoSchedule', '8', '0'],
      ['worker-1', 'Ready ', '', '1,200', '4'],
      ['worker-2', 'NotReady ', '', '3', '4'],
      ['worker-3', 'Ready cordoned', '', '12', '4'],
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Nodes' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[5]?.textContent),
    ).toStrictEqual(['Drainable', 'Drainable', 'Stuck', 'Drainable']);
    expect(
      within(screen.getByRole('table', { name: 'Nodes' }))
        .getByText('Stuck')
        .getAttribute('title'),
    ).toBe('eviction of shop/web-1 refused now, 429 (web)');
    expect(screen.getByRole('link', { name: 'worker-2' }).getAttribute('href')).toBe(
      '/nodes/worker-2',
    );
  });

  it('sorts by a header, filters by state and label selector, searches names and labels; all in the URL', () => {
    const { router } = open('/nodes');
    fireEvent.click(screen.getByRole('button', { name: 'Pods' }));
    expect(rows().map((r) => r[0])).toStrictEqual([
      'worker-2',
      'control-plane-1',
      'worker-3',
      'worker-1',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Pods ▲' }));
    expect(rows().map((r) => r[0])).toStrictEqual([
      'worker-1',
      'worker-3',
      'control-plane-1',
      'worker-2',
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), {
      target: { value: 'notready' },
    });
    expect(rows().map((r) => r[0])).toStrictEqual(['worker-2']);
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Labels' }), {
      target: { value: 'topology.kubernetes.io/zone=a,!node-role.kubernetes.io/control-plane' },
    });
    expect(rows().map((r) => r[0])).toStrictEqual(['worker-2']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Labels' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'control-plane' },
    });
    expect(rows().map((r) => r[0])).toStrictEqual(['control-plane-1']);
    expect(router.state.location.search).toBe('?q=control-plane&sort=pods&dir=desc');
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 1 of 4 nodes');
  });

  it('filters the table and the tile map by the actor a node is blocked for, in the URL', () => {
    const { router } = open('/nodes');
    const blockedFor = screen.getByRole('combobox', { name: 'Blocked for' });
    expect(
      within(blockedFor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toStrictEqual(['All nodes', 'any actor', 'kubectl drain', 'Cluster Autoscaler', 'Karpenter']);
    fireEvent.change(blockedFor, { target: { value: 'cluster-autoscaler' } });
    expect(rows().map((r) => r[0])).toStrictEqual(['worker-2', 'worker-3']);
    expect(tiles()).toStrictEqual([
      'worker-2: stuck, NotReady: eviction of shop/web-1 refused now, 429 (web)',
      'worker-3: drainable, cordoned',
    ]);
    expect(router.state.location.search).toBe('?blocked=cluster-autoscaler');
    fireEvent.change(blockedFor, { target: { value: 'kubectl-drain' } });
    expect(rows().map((r) => r[0])).toStrictEqual(['worker-2']);
    fireEvent.change(blockedFor, { target: { value: 'karpenter' } });
    expect(screen.getByText('No node matches these filters.')).toBeTruthy();
    fireEvent.change(blockedFor, { target: { value: 'any' } });
    expect(rows().map((r) => r[0])).toStrictEqual(['worker-2', 'worker-3']);
    fireEvent.change(blockedFor, { target: { value: '' } });
    expect(rows()).toHaveLength(4);
    expect(router.state.location.search).toBe('');
  });

  it('reads "blocked for" from the URL', () => {
    open('/nodes?blocked=kubectl-drain');
    expect(rows().map((r) => r[0])).toStrictEqual(['worker-2']);
    expect((screen.getByRole('combobox', { name: 'Blocked for' }) as HTMLSelectElement).value).toBe(
      'kubectl-drain',
    );
  });

  it('says why a label selector it cannot read is not used', () => {
    open('/nodes?labels=zone%20in%20a');
    expect(screen.getByRole('alert').textContent).toBe(
      "The label selector is not used: unable to parse requirement: found 'zone in a', expected: in, notin, =, ==, !=, gt, lt",
    );
    expect(rows()).toHaveLength(4);
  });
});

function map() {
  return screen.getByRole('region', { name: 'Node map' });
}

function tiles(): string[] {
  return within(map())
    .getAllByRole('link')
    .map((tile) => tile.getAttribute('aria-label') ?? '');
}

describe('the node tile map', () => {
  it('sums the nodes, groups them by zone, worst first, and links each tile to its node', () => {
    open('/nodes');
    expect(screen.getByText('4 nodes: 3 drainable, 0 refused, 1 stuck; 1 NotReady').id).toBe(
      'tilemap-summary',
    );
    expect(
      within(map())
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toStrictEqual(['Filter by drainable now', 'a: 2 nodes, 1 stuck, 1 NotReady', 'b: 2 nodes']);
    expect(tiles()).toStrictEqual([
      'worker-2: stuck, NotReady: eviction of shop/web-1 refused now, 429 (web)',
      'control-plane-1: drainable',
      'worker-1: drainable',
      'worker-3: drainable, cordoned',
    ]);
    const stuck = within(map()).getByRole('link', { name: /^worker-2: stuck/ });
    expect(stuck.getAttribute('href')).toBe('/nodes/worker-2');
    expect(stuck.className).toBe('tile t-stuck nr');
    expect(
      within(map())
        .getAllByRole('link')
        .map((tile) => tile.tabIndex),
    ).toStrictEqual([0, -1, -1, -1]);
    expect((screen.getByRole('combobox', { name: 'Group by' }) as HTMLSelectElement).value).toBe(
      'topology.kubernetes.io/zone',
    );
  });

  it('shows a tile on focus, moves with the arrow keys, and opens the node on a click', () => {
    const { router } = open('/nodes');
    const [first, second] = within(map()).getAllByRole('link');
    if (first === undefined || second === undefined) throw new Error('no tiles');
    fireEvent.focus(first);
    expect(screen.getByRole('tooltip').textContent).toBe(
      'worker-2 StuckNotReadyeviction of shop/web-1 refused now, 429 (web)',
    );
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(second);
    expect(screen.getByRole('tooltip').textContent).toBe('control-plane-1 Drainable');
    expect([first.tabIndex, second.tabIndex]).toStrictEqual([-1, 0]);
    fireEvent.blur(second);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseOver(first);
    expect(screen.getByRole('tooltip').textContent).toContain('worker-2');
    fireEvent.click(second);
    expect(router.state.location.pathname).toBe('/nodes/control-plane-1');
  });

  it('keeps the focus on its node when new nodes replace the tiles, and says the new state', async () => {
    const { client } = open('/nodes');
    const stuckTile = within(map()).getByRole('link', { name: /^worker-2/ });
    act(() => stuckTile.focus());
    expect(screen.getByRole('tooltip').textContent).toContain('worker-2 Stuck');
    const recovered = nodes.items.map((node) =>
      node.name === 'worker-2' ? { ...node, drainableNow: nodeRow('x').drainableNow } : node,
    );
    // The query tells its observers on the next tick.
    client.setQueryData(queryKeys.nodes, { items: recovered, eventId: 'e1-101' });
    await waitFor(() =>
      expect(screen.getByText(/^4 nodes/).textContent).toBe(
        '4 nodes: 4 drainable, 0 refused, 0 stuck; 1 NotReady',
      ),
    );
    const tile = within(map()).getByRole('link', { name: /^worker-2/ });
    expect(tile).not.toBe(stuckTile);
    expect(document.activeElement).toBe(tile);
    expect(tile.getAttribute('aria-label')).toBe('worker-2: drainable, NotReady');
    expect(screen.getByRole('tooltip').textContent).toBe('worker-2 DrainableNotReady');
    expect(
      within(map())
        .getAllByRole('link')
        .filter((t) => t.tabIndex === 0),
    ).toStrictEqual([tile]);
  });

  it('filters the table by drainable now from the legend or the toolbar, dimming the other tiles', () => {
    const { router } = open('/nodes');
    const legend = within(map()).getByRole('group', { name: 'Filter by drainable now' });
    expect(
      within(legend)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toStrictEqual([' Stuck 1', ' Refused 0', ' Drainable 3']);
    fireEvent.click(within(legend).getByRole('button', { name: /Stuck/ }));
    expect(router.state.location.search).toBe('?drain=stuck');
    expect(rows().map((r) => r[0])).toStrictEqual(['worker-2']);
    expect(within(legend).getByRole('button', { name: /Stuck/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(map().querySelector('.tilemap-body')?.getAttribute('data-drain')).toBe('stuck');
    // The map keeps every node, so the stuck one is seen among its pool's.
    expect(tiles()).toHaveLength(4);
    expect(
      (screen.getByRole('combobox', { name: 'Drainable now' }) as HTMLSelectElement).value,
    ).toBe('stuck');
    fireEvent.click(within(legend).getByRole('button', { name: /Stuck/ }));
    expect(router.state.location.search).toBe('');
    expect(rows()).toHaveLength(4);
    fireEvent.change(screen.getByRole('combobox', { name: 'Drainable now' }), {
      target: { value: 'drainable' },
    });
    expect(rows().map((r) => r[0])).toStrictEqual(['control-plane-1', 'worker-1', 'worker-3']);
    expect(router.state.location.search).toBe('?drain=drainable');
  });

  it('filters by a group from its header and regroups by any label key, in the URL', () => {
    const { router } = open('/nodes?drain=stuck');
    fireEvent.click(within(map()).getByRole('button', { name: 'a: 2 nodes, 1 stuck, 1 NotReady' }));
    expect(router.state.location.search).toBe(
      '?drain=stuck&labels=topology.kubernetes.io%2Fzone%3Da',
    );
    expect(tiles().map((t) => t.split(':')[0])).toStrictEqual(['worker-2', 'control-plane-1']);
    expect(rows().map((r) => r[0])).toStrictEqual(['worker-2']);
    fireEvent.click(within(map()).getByRole('button', { name: 'a: 2 nodes, 1 stuck, 1 NotReady' }));
    expect(router.state.location.search).toBe('?drain=stuck');
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), {
      target: { value: 'node-role.kubernetes.io/control-plane' },
    });
    expect(router.state.location.search).toBe(
      '?drain=stuck&group=node-role.kubernetes.io%2Fcontrol-plane',
    );
    expect(
      within(map())
        .getAllByRole('group')
        .slice(1)
        .map((group) => group.getAttribute('aria-label')),
    ).toStrictEqual([
      'node-role.kubernetes.io/control-plane (no value): 1 node',
      'no node-role.kubernetes.io/control-plane: 3 nodes, 1 stuck, 1 NotReady',
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), {
      target: { value: '' },
    });
    expect(router.state.location.search).toBe('?drain=stuck&group=');
    expect(
      within(map())
        .getAllByRole('group')
        .slice(1)
        .map((group) => group.getAttribute('aria-label')),
    ).toStrictEqual(['All nodes: 4 nodes, 1 stuck, 1 NotReady']);
  });

  it('keeps what the cluster says in a tile as text, never as markup', () => {
    const reason = `eviction of shop/web-1 refused now, 403: admission webhook "guard" denied: <img src=x onerror=alert(1)> & 'no'`;
    renderApp({
      path: '/nodes',
      cache: [
        [
          queryKeys.nodes,
          {
            items: [
              nodeRow('worker-"<1>"', {
                drainableNow: {
                  state: 'stuck',
                  pods: [],
                  podCount: 0,
                  budgets: [],
                  budgetCount: 0,
                  reason,
                },
              }),
            ],
            eventId: 'e1-1',
          },
        ],
        [queryKeys.cluster, cluster()],
      ],
    });
    const tile = within(map()).getByRole('link', { name: /^worker/ });
    expect(tile.getAttribute('aria-label')).toBe(`worker-"<1>": stuck: ${reason}`);
    expect(tile.getAttribute('href')).toBe('/nodes/worker-%22%3C1%3E%22');
    expect(map().querySelector('img')).toBeNull();
  });
});
