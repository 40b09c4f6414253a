import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PodResponse, VerifyEvictionResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { blockedStep, cluster, zookeeper } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

const pod: PodResponse = {
  pod: {
    namespace: 'data',
    name: 'zookeeper-0',
    uid: 'c0ffee00-0000-4000-8000-000000000001',
    phase: 'Running',
    ready: true,
    labels: { 'app.kubernetes.io/name': 'zookeeper' },
    nodeName: 'worker-1',
    owner: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zookeeper' },
    restartCount: 0,
  },
  budgets: [zookeeper],
  eviction: blockedStep().decision,
  eventId: 'e1-100',
};

describe('PodPage', () => {
  it('headlines a pod under two PodDisruptionBudgets as the HTTP 500 it gets, with the rule in words', () => {
    const message =
      'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';
    const several: PodResponse = {
      ...pod,
      eviction: {
        ...blockedStep().decision,
        rule: 'multiple-pdbs',
        summary: 'more than one PodDisruptionBudget',
        httpStatus: 500,
        code: 500,
        reason: undefined,
        message,
        causes: [],
        decidedBy: null,
        figures: { selectingPdbs: 2, podReady: true },
        explanation:
          '2 PodDisruptionBudgets select this pod; the eviction API refuses a pod under more than one, whatever they allow',
      },
    };
    renderApp({
      path: '/pods/data/zookeeper-0',
      cache: [
        [queryKeys.pod('data', 'zookeeper-0'), several],
        [queryKeys.cluster, cluster()],
      ],
    });
    const headline = screen.getByText('Refused: 500, more than one PodDisruptionBudget for', {
      exact: false,
    });
    expect([
      headline.textContent,
      document.body.textContent?.includes(`(HTTP 500)`),
      // The Status body's code equals the status line's: said once ("HTTP 500, code 500" was not).
      document.body.textContent?.includes('code 500'),
      document.body.textContent?.includes(message),
    ]).toStrictEqual([
      'Refused: 500, more than one PodDisruptionBudget for data/zookeeper-0',
      true,
      false,
      true,
    ]);
  });

  it("shows the pod's budgets and what evicting it now would answer", () => {
    renderApp({
      path: '/pods/data/zookeeper-0',
      cache: [
        [queryKeys.pod('data', 'zookeeper-0'), pod],
        [queryKeys.cluster, cluster()],
      ],
    });
    expect(screen.getByRole('link', { name: 'PDB data/zookeeper' }).getAttribute('href')).toBe(
      '/budgets/PodDisruptionBudget/data/zookeeper',
    );
    expect(
      screen.getByText('Refused: 429, the budget allows no disruption for', { exact: false }),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Verify with the API server' })).toBeNull();
  });

  it('offers to verify with the API server when the BFF allows it, and shows both answers', async () => {
    const verified: VerifyEvictionResponse = {
      pod: 'data/zookeeper-0',
      ours: blockedStep().decision,
      server: {
        httpStatus: 429,
        code: 429,
        status: 'Failure',
        reason: 'TooManyRequests',
        message: blockedStep().decision.message,
        causes: [],
      },
      agree: true,
    };
    const { fetchImpl, calls } = fakeFetch({
      'POST /api/verify/eviction': { status: 200, body: verified },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({
      path: '/pods/data/zookeeper-0',
      cache: [
        [queryKeys.pod('data', 'zookeeper-0'), pod],
        [queryKeys.cluster, cluster({ verifyEnabled: true })],
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify with the API server' }));
    const region = screen.getByRole('status', { name: 'Verification' });
    await waitFor(() =>
      expect(region.textContent).toContain('The API server agrees with pdbscope.'),
    );
    expect(region.textContent).toContain(
      "API server (dryRun=All)HTTP 429: Cannot evict pod as it would violate the pod's disruption budget.",
    );
    expect(calls).toStrictEqual([
      { method: 'POST', path: '/api/verify/eviction', body: { pod: 'data/zookeeper-0' } },
    ]);
  });
});
