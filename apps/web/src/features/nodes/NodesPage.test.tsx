import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
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
        budgets: [{ kind: 'PodDisruptionBudget', namespace: 'shop', name: 'web' }],
        reason: 'eviction of shop/web-1 refused now, 429 (web)',
      },
    }),
    nodeRow('worker-3', { unschedulable: true, labels: { 'topology.kubernetes.io/zone': 'b' } }),
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
    expect(screen.getByText('Stuck').getAttribute('title')).toBe(
      'eviction of shop/web-1 refused now, 429 (web)',
    );
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

  it('says why a label selector it cannot read is not used', () => {
    open('/nodes?labels=zone%20in%20a');
    expect(screen.getByRole('alert').textContent).toBe(
      "The label selector is not used: unable to parse requirement: found 'zone in a', expected: in, notin, =, ==, !=, gt, lt",
    );
    expect(rows()).toHaveLength(4);
  });
});
