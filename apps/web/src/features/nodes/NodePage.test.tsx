import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SimulateDrainResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { blockedStep, cluster } from '../../test/fixtures.js';
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
    rule: 'decrement',
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
      cache: [[queryKeys.cluster, cluster()]],
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
});
