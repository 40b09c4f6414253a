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

const OPTIONS = {
  force: false,
  ignoreDaemonSets: true,
  deleteEmptyDirData: false,
  podSelector: '',
};

const plan: SimulateDrainResponse = {
  node: 'worker-1',
  kubectl: 'kubectl drain worker-1 --ignore-daemonsets',
  options: OPTIONS,
  verdict: 'stuck',
  complete: false,
  schedulingChecked: true,
  refusals: [],
  warnings: ['ignoring DaemonSet-managed Pods: kube-system/fluent-bit-x2k9p'],
  rounds: [
    {
      index: 1,
      evicted: [{ pod: 'query/trino-worker-1', decision: allowed('query/trino-worker-1') }],
      failed: [],
      blocked: [{ pod: 'data/zookeeper-0', decision: blockedStep().decision }],
      waitsFor: [
        'query/trino-worker-1-replacement (replacing query/trino-worker-1) to be Ready on worker-2',
      ],
    },
    {
      index: 2,
      evicted: [],
      failed: [],
      blocked: [{ pod: 'data/zookeeper-0', decision: blockedStep().decision }],
      waitsFor: [],
    },
  ],
  failed: [],
  blocked: [
    {
      pod: 'data/zookeeper-0',
      outlook: 'until',
      reason: 'unhealthy-pods-elsewhere',
      explanation:
        'Blocked until data/zookeeper-2 is Ready: zookeeper needs 2 healthy pods and has 2, so it allows no disruption.',
      budget: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
      waitsFor: ['data/zookeeper-2'],
    },
  ],
  pending: [],
  skipped: [{ pod: 'kube-system/fluent-bit-x2k9p', reason: 'DaemonSet pod' }],
  budgetsAfter: [],
  asOf: '2026-11-21T08:00:00Z',
  eventId: 'e-1',
};

const refused: SimulateDrainResponse = {
  ...plan,
  kubectl: 'kubectl drain worker-1',
  options: { ...OPTIONS, ignoreDaemonSets: false },
  verdict: 'refused',
  refusals: [
    {
      message:
        'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/fluent-bit-x2k9p',
      flag: 'ignoreDaemonSets',
      pods: ['kube-system/fluent-bit-x2k9p'],
    },
  ],
  warnings: [],
  rounds: [],
  blocked: [],
  skipped: [],
};

describe('NodePage', () => {
  it('offers a drain simulation, and the drain address shows the plan in rounds', async () => {
    const { fetchImpl, calls } = fakeFetch({
      'POST /api/simulate/drain': { status: 200, body: plan },
    });
    vi.stubGlobal('fetch', fetchImpl);
    const { router } = renderApp({
      path: '/nodes/worker-1?ignoreDaemonSets=1',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.node('worker-1'), nodeDetail()],
      ],
    });
    expect(calls).toStrictEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Simulate drain worker-1' }));
    expect(router.state.location.pathname).toBe('/nodes/worker-1/drain');
    expect(router.state.location.search).toBe('?ignoreDaemonSets=1');
    const region = screen.getByRole('status', { name: 'Drain plan' });
    await waitFor(() => expect(region.textContent).toContain('Round 2'));
    expect(calls).toStrictEqual([
      { method: 'POST', path: '/api/simulate/drain', body: { node: 'worker-1', ...OPTIONS } },
    ]);
    expect(region.textContent).toContain(
      'Draining worker-1 gets stuck: 1 pod keep answering 429 until --timeout.',
    );
    expect(region.textContent).toContain('As kubectl drain worker-1 --ignore-daemonsets');
    expect(region.textContent).toContain(
      'data/zookeeper-0: blocked until data/zookeeper-2 (PodDisruptionBudget data/zookeeper). Blocked until data/zookeeper-2 is Ready',
    );
    expect(region.textContent).toContain(
      'Evicted (1):query/trino-worker-1 goes (HTTP 201)Blocked (1), retried after 5 s:',
    );
    expect(region.textContent).toContain(
      `data/zookeeper-0 blocked by data/zookeeper: Cannot evict pod as it would violate the pod's disruption budget. (HTTP 429)`,
    );
    expect(region.textContent).toContain(
      'Then waits for: query/trino-worker-1-replacement (replacing query/trino-worker-1) to be Ready on worker-2',
    );
    expect(region.textContent).toContain('kube-system/fluent-bit-x2k9p: DaemonSet pod');
  });

  it("says first that kubectl refuses the node, and a flag's checkbox or button plans again with it, in the URL", async () => {
    const { fetchImpl, calls } = fakeFetch({
      'POST /api/simulate/drain': { status: 200, body: refused },
    });
    vi.stubGlobal('fetch', fetchImpl);
    const { router } = renderApp({
      path: '/nodes/worker-1/drain',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.node('worker-1'), nodeDetail()],
      ],
    });
    const region = screen.getByRole('status', { name: 'Drain plan' });
    await waitFor(() =>
      expect(region.textContent).toContain(
        'kubectl refuses to drain worker-1: it evicts nothing and exits 1.',
      ),
    );
    expect(region.textContent).toContain(
      'error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/fluent-bit-x2k9p',
    );
    fireEvent.click(within(region).getByRole('button', { name: 'Plan with --ignore-daemonsets' }));
    expect(router.state.location.search).toBe('?ignoreDaemonSets=1');
    const form = screen.getByRole('form', { name: 'kubectl drain options' });
    fireEvent.click(within(form).getByRole('checkbox', { name: '--force' }));
    expect(router.state.location.search).toBe('?force=1&ignoreDaemonSets=1');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((c) => c.body)).toStrictEqual([
      { node: 'worker-1', ...OPTIONS, ignoreDaemonSets: false },
      { node: 'worker-1', ...OPTIONS },
      { node: 'worker-1', ...OPTIONS, force: true },
    ]);
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
    expect(rows('Actors').map((r) => r.slice(0, 3))).toStrictEqual([
      ['Actor', 'Removes the pods now', 'Stopped by'],
      [
        'kubectl drain--ignore-daemonsets --delete-emptydir-data',
        'no',
        'data/zookeeper-0eviction refused',
      ],
      [
        'Cluster Autoscaler--skip-nodes-with-system-pods=true',
        'no',
        'kube-system/coredns-0UnmovableKubeSystemPod',
      ],
    ]);
  });
});
