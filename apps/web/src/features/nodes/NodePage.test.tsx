import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SimulateDrainResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { blockedStep, cluster, nodeDetail } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

function allowed(pod: string) {
  return {
    ...blockedStep(pod).decision,
    allowed: true,
    httpStatus: 201,
    code: 201,
    status: 'Success' as const,
    reason: undefined,
    message: '',
    causes: [],
    rule: 'budget-decremented' as const,
    summary: 'the budget allows a disruption',
    figures: {
      ...blockedStep(pod).decision.figures,
      disruptionsAllowed: 1,
      disruptionsAllowedAfter: 0,
    },
    explanation: 'the budget allows 1 disruption: this eviction uses one, leaving 0',
  };
}

const plan: SimulateDrainResponse = {
  node: 'worker-1',
  complete: false,
  rounds: [
    {
      index: 1,
      evicted: [{ pod: 'query/trino-worker-1', decision: allowed('query/trino-worker-1') }],
      blocked: [{ pod: 'data/zookeeper-0', decision: blockedStep().decision }],
      waitsFor: ['query/trino-worker-1 to be replaced and Ready'],
    },
    {
      index: 2,
      evicted: [],
      blocked: [{ pod: 'data/zookeeper-0', decision: blockedStep().decision }],
      waitsFor: [],
    },
  ],
  skipped: [{ pod: 'kube-system/fluent-bit-x2k9p', reason: 'DaemonSet pod' }],
  neverEvictable: [
    {
      pod: 'data/zookeeper-0',
      reason: 'zookeeper allows no disruption while zookeeper-2 is unhealthy',
      budget: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
    },
  ],
  budgetsAfter: [],
};

describe('NodePage', () => {
  it('offers a drain simulation, and the drain address shows the plan in rounds', async () => {
    const { fetchImpl, calls } = fakeFetch({
      'POST /api/simulate/drain': { status: 200, body: plan },
    });
    vi.stubGlobal('fetch', fetchImpl);
    const { router } = renderApp({
      path: '/nodes/worker-1',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.node('worker-1'), nodeDetail()],
      ],
    });
    expect(calls).toStrictEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Simulate drain worker-1' }));
    expect(router.state.location.pathname).toBe('/nodes/worker-1/drain');
    const region = screen.getByRole('status', { name: 'Drain plan' });
    await waitFor(() => expect(region.textContent).toContain('Round 2'));
    expect(calls).toStrictEqual([
      { method: 'POST', path: '/api/simulate/drain', body: { node: 'worker-1' } },
    ]);
    expect(region.textContent).toContain(
      'Draining worker-1 would not complete: 1 pod can never be evicted with the budgets as they are.',
    );
    expect(region.textContent).toContain(
      'Evicted (1):query/trino-worker-1 goes (HTTP 201)Blocked (1)',
    );
    expect(region.textContent).toContain(
      `data/zookeeper-0 blocked by data/zookeeper: Cannot evict pod as it would violate the pod's disruption budget. (HTTP 429)`,
    );
    expect(region.textContent).toContain(
      'Then waits for: query/trino-worker-1 to be replaced and Ready',
    );
    expect(region.textContent).toContain(
      'data/zookeeper-0: zookeeper allows no disruption while zookeeper-2 is unhealthy (PodDisruptionBudget data/zookeeper)',
    );
    expect(region.textContent).toContain('kube-system/fluent-bit-x2k9p: DaemonSet pod');
  });

  it('shows the node: its budgets, pods and the budgets they fall under, taints, conditions, capacity', async () => {
    const { fetchImpl, calls } = fakeFetch({
      'GET /api/nodes/worker-1': { status: 200, body: nodeDetail() },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path: '/nodes/worker-1', cache: [[queryKeys.cluster, cluster()]] });
    const pods = await screen.findByRole('table', { name: 'Pods' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toStrictEqual(['GET /api/nodes/worker-1']);
    const rows = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows('Pods')).toStrictEqual([
      ['Pod', 'State', 'Owner', 'Budgets'],
      ['data/zookeeper-0', 'Running · Ready', 'StatefulSet/zookeeper', 'PDB zookeeper'],
      ['kube-system/fluent-bit-x2k9p', 'Running · Ready', 'DaemonSet/fluent-bit', 'none'],
    ]);
    expect(within(pods).getByRole('link', { name: 'PDB zookeeper' }).getAttribute('href')).toBe(
      '/budgets/PodDisruptionBudget/data/zookeeper',
    );
    expect(rows('Budgets')).toStrictEqual([
      ['Budget', 'Current / desired healthy', 'Allowed disruptions'],
      ['PDB data/zookeeper', '2 / 2', '0 blocks'],
    ]);
    expect(rows('Capacity')).toStrictEqual([
      ['Resource', 'Capacity', 'Allocatable'],
      ['cpu', '8', '7910m'],
      ['memory', '32Gi', '31Gi'],
      ['pods', '110', '110'],
    ]);
    expect(rows('Conditions').map((r) => r.slice(0, 3))).toStrictEqual([
      ['Type', 'Status', 'Reason'],
      ['MemoryPressure', 'False', 'KubeletHasSufficientMemory'],
      ['Ready', 'True', 'KubeletReady'],
    ]);
    expect(screen.getByRole('list', { name: 'Taints' }).textContent).toBe(
      'node.kubernetes.io/unschedulable:NoSchedule',
    );
  });
});
