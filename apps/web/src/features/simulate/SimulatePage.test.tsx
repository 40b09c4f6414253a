import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryKeys } from '../../api/queries.js';
import { blockedStep, cluster } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

describe('SimulatePage', () => {
  it('simulates the pods in the URL in sequence and shows each decision in order', async () => {
    const first = {
      ...blockedStep('data/zookeeper-1'),
      decision: {
        ...blockedStep('data/zookeeper-1').decision,
        allowed: true,
        httpStatus: 201,
        code: 201,
        status: 'Success' as const,
        message: '',
        rule: 'budget-decremented' as const,
        summary: 'the budget allows a disruption',
      },
    };
    const { fetchImpl, calls } = fakeFetch({
      'POST /api/simulate/evictions': {
        status: 200,
        body: {
          steps: [first, blockedStep('data/zookeeper-0')],
          asOf: '2026-11-21T08:00:00Z',
          eventId: 'e-7',
        },
      },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({
      path: '/simulate?pod=data%2Fzookeeper-1&pod=data%2Fzookeeper-0&pod=not-a-pod-key',
      cache: [
        [queryKeys.cluster, cluster()],
        [queryKeys.priorityClasses, { items: [], eventId: 'e-7' }],
      ],
    });
    const region = screen.getByRole('status', { name: 'Eviction decision' });
    await waitFor(() => expect(region.textContent).toContain('1 of 2 evictions would be allowed.'));
    // When the data it ran on was current, as the BFF says.
    expect(
      screen.getByLabelText('Simulation as of').querySelector('time')?.getAttribute('dateTime'),
    ).toBe('2026-11-21T08:00:00Z');
    expect(calls).toStrictEqual([
      {
        method: 'POST',
        path: '/api/simulate/evictions',
        body: { pods: ['data/zookeeper-1', 'data/zookeeper-0'] },
      },
    ]);
    expect(
      [...region.querySelectorAll('ol > li strong')].map((item) => item.textContent),
    ).toStrictEqual([
      'Allowed: 201, the budget allows a disruption for data/zookeeper-1',
      'Refused: 429, the budget allows no disruption for data/zookeeper-0',
    ]);
  });

  it('takes a list of pods typed by hand', () => {
    const { router } = renderApp({ path: '/simulate', cache: [[queryKeys.cluster, cluster()]] });
    expect(screen.getByText('No pods chosen yet.')).toBeDefined();
    fireEvent.change(screen.getByRole('textbox', { name: 'Pods' }), {
      target: { value: 'shop/cart-0, shop/cart-1\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate in sequence' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/simulate?pod=shop%2Fcart-0&pod=shop%2Fcart-1',
    );
  });
});
