import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  fixScript,
  fixYaml,
  type ChangeStep,
  type SimulateUpgradeRequest,
  type SimulateUpgradeResponse,
} from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { cluster, nodeRow } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

const lower: ChangeStep = {
  title: "Lower PodDisruptionBudget payments/payments-api's minAvailable to 1",
  command: `kubectl patch pdb payments-api -n payments --type merge -p '{"spec":{"minAvailable":1,"maxUnavailable":null}}'`,
  yaml:
    '# a merge patch: kubectl patch pdb -n payments --type merge --patch-file FILE\n' +
    'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: payments-api\n  namespace: payments\nspec:\n  minAvailable: 1\n  maxUnavailable: null\n',
};
const LOWER_FIX = 'min-available:payments/payments-api=1';

const steps = (nodes: string[], completed: boolean) =>
  nodes.map((n, i) => ({
    step: i + 1,
    nodes: [n],
    startSeconds: i * 120,
    endSeconds: i * 120 + 120,
    evicted: completed ? [`payments/payments-api-${i}`] : [],
    replacements: [],
    retries: 0,
    completed,
    forced: [],
    quarantined: [],
  }));

/** The payments pool as the BFF forecasts it: stalled on payments-1, or complete with the fix. */
function answer(fix: readonly string[]): SimulateUpgradeResponse {
  const fixed = fix.includes(LOWER_FIX);
  return {
    forecast: {
      verdict: fixed ? 'completes' : 'stalls',
      nodes: ['payments-1', 'payments-2'],
      strategy: { maxUnavailable: 1, maxSurge: 0 },
      drain: { force: false, ignoreDaemonSets: true, deleteEmptyDirData: true },
      steps: fixed ? steps(['payments-1', 'payments-2'], true) : steps(['payments-1'], false),
      durationSeconds: fixed ? 240 : 0,
      stall: fixed
        ? null
        : {
            step: 1,
            node: 'payments-1',
            nodes: ['payments-1'],
            pods: [],
            budgets: [{ kind: 'PodDisruptionBudget', namespace: 'payments', name: 'payments-api' }],
            reasons: ['no-disruption-allowed'],
            summary:
              'Step 1 stalls on payments-1: 1 pod (payments/payments-api-0) cannot leave, because of a budget that allows no disruption.',
          },
      forced: [],
      failure: null,
      quarantined: [],
      surgeNodes: [],
      readiness: { defaultSeconds: 30, measuredWorkloads: 1 },
    },
    fixes: fixed
      ? []
      : [
          {
            id: 'fix-1',
            title: lower.title,
            cost: 'one more of its pods may be unavailable during the upgrade (1 of 2 must stay up)',
            changes: [
              {
                kind: 'budget-spec',
                budget: {
                  kind: 'PodDisruptionBudget',
                  namespace: 'payments',
                  name: 'payments-api',
                },
                field: 'minAvailable',
                value: 1,
              },
            ],
            fix: [LOWER_FIX],
            steps: [lower],
            script: fixScript([lower]),
            yaml: fixYaml([lower]),
            outcome: 'completes',
            forecast: {
              verdict: 'completes',
              steps: 2,
              durationSeconds: 240,
              stall: null,
              failure: null,
              forcedPods: null,
            },
            parts: [],
            search: null,
          },
        ],
    profile: {
      provider: 'kubectl',
      source: 'default',
      guess: null,
      maxSurge: 0,
      maxUnavailable: 1,
      defaulted: [],
      drainTimeoutSeconds: null,
      atTimeout: 'wait',
      forceUpdate: null,
      undrainableNodeBehavior: null,
    },
    applied: {
      items: fixed ? [{ ...lower, fix: LOWER_FIX }] : [],
      script: fixScript(fixed ? [lower] : []),
      yaml: fixYaml(fixed ? [lower] : []),
    },
    asOf: '2026-11-21T08:00:00Z',
    eventId: 'e-12',
  };
}

const PAYMENTS_PDB = {
  kind: 'PodDisruptionBudget' as const,
  namespace: 'payments',
  name: 'payments-api',
};
const STUCK = {
  pod: 'payments/payments-api-0',
  node: 'payments-1',
  reason: 'no-disruption-allowed' as const,
  budgets: [PAYMENTS_PDB],
  httpStatus: 429,
  explanation: 'its budget allows no disruption',
  pendingReplacements: [],
};

/** GKE's answer for the same pool: an hour on payments-1, then its pod deleted anyway. */
function gkeAnswer(): SimulateUpgradeResponse {
  const kubectl = answer([]);
  return {
    ...kubectl,
    forecast: {
      ...kubectl.forecast,
      verdict: 'forces',
      stall: null,
      steps: steps(['payments-1', 'payments-2'], true),
      durationSeconds: 3840,
      forced: [
        {
          step: 1,
          nodes: ['payments-1'],
          atSeconds: 3600,
          afterSeconds: 3600,
          pods: [STUCK],
          budgets: [{ budget: PAYMENTS_PDB, healthy: 1, required: 2 }],
          summary: 'GKE deletes payments/payments-api-0 on payments-1 after 60 min.',
        },
      ],
    },
    fixes: [],
    profile: {
      ...kubectl.profile,
      provider: 'gke',
      source: 'request',
      drainTimeoutSeconds: 3600,
      atTimeout: 'delete-pods',
    },
  };
}

function serve() {
  const { fetchImpl, calls } = fakeFetch({
    'POST /api/simulate/upgrade': (body) => ({
      status: 200,
      body:
        (body as SimulateUpgradeRequest).provider === 'gke'
          ? gkeAnswer()
          : answer((body as SimulateUpgradeRequest).fix ?? []),
    }),
  });
  vi.stubGlobal('fetch', fetchImpl);
  return calls;
}

const forecastRegion = () => screen.getByRole('status', { name: 'Upgrade forecast' });
const address = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('UpgradePage', () => {
  it('applies a fix as a readable fix= in the address, and keeps it listed, removable', async () => {
    const calls = serve();
    const { router } = renderApp({
      path: '/upgrade?selector=pdbscope.dev/pool=payments&maxUnavailable=1&maxSurge=0',
      cache: [[queryKeys.cluster, cluster()]],
    });
    await waitFor(() => expect(forecastRegion().textContent).toContain('Step 1 stalls'));
    expect(screen.getByLabelText('Forecast as of').querySelector('time')?.dateTime).toBe(
      '2026-11-21T08:00:00Z',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Forecast with this fix' }));
    expect(address(router)).toBe(
      '/upgrade?selector=pdbscope.dev/pool=payments&maxUnavailable=1&maxSurge=0&fix=min-available:payments/payments-api=1',
    );
    await waitFor(() => expect(forecastRegion().textContent).toContain('The upgrade completes'));
    const upgrades = calls.filter((c) => c.path === '/api/simulate/upgrade');
    expect(upgrades.map((c) => (c.body as SimulateUpgradeRequest).fix)).toStrictEqual([
      undefined,
      [LOWER_FIX],
    ]);
    const applied = screen.getByRole('list', { name: 'Changes applied' });
    expect(within(applied).getByRole('listitem').textContent).toBe(
      `${lower.title} ${LOWER_FIX} Remove`,
    );
    fireEvent.click(within(applied).getByRole('button', { name: `Remove ${LOWER_FIX}` }));
    expect(address(router)).toBe(
      '/upgrade?selector=pdbscope.dev/pool=payments&maxUnavailable=1&maxSurge=0',
    );
  });

  it('reads an older address whose changes are JSON as the readable form', async () => {
    serve();
    const changes = encodeURIComponent(JSON.stringify(answer([]).fixes[0]?.changes));
    renderApp({
      path: `/upgrade?selector=pdbscope.dev/pool=payments&changes=${changes}`,
      cache: [[queryKeys.cluster, cluster()]],
    });
    const applied = await screen.findByRole('list', { name: 'Changes applied' });
    expect(within(applied).getByRole('listitem').textContent).toContain(LOWER_FIX);
  });

  it('copies a fix as the exact script, and says so', async () => {
    serve();
    const written: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void written.push(text) },
    });
    renderApp({
      path: '/upgrade?selector=pdbscope.dev/pool=payments',
      cache: [[queryKeys.cluster, cluster()]],
    });
    const fixes = await screen.findByRole('list', { name: 'Fixes' });
    fireEvent.click(within(fixes).getByRole('button', { name: /^Copy as kubectl script/ }));
    await waitFor(() => expect(within(fixes).getByText(/Copied/)).toBeDefined());
    expect(written).toStrictEqual([
      '#!/usr/bin/env bash\n' +
        '# 1 change pdbscope forecast on a copy of the cluster; review before running.\n' +
        'set -euo pipefail\n\n' +
        `# 1. ${lower.title}\n${lower.command}\n`,
    ]);
  });

  it('falls back to the copy command when the Clipboard API refuses', async () => {
    serve();
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('not allowed')) },
    });
    const copied: string[] = [];
    document.execCommand = ((command: string) => {
      const area = document.querySelector('textarea[readonly]') as HTMLTextAreaElement | null;
      if (command === 'copy' && area) copied.push(area.value);
      return command === 'copy';
    }) as typeof document.execCommand;
    renderApp({
      path: '/upgrade?selector=pdbscope.dev/pool=payments',
      cache: [[queryKeys.cluster, cluster()]],
    });
    const fixes = await screen.findByRole('list', { name: 'Fixes' });
    fireEvent.click(within(fixes).getByRole('button', { name: /^Copy as YAML/ }));
    await waitFor(() => expect(within(fixes).getByText(/Copied/)).toBeDefined());
    expect(copied).toStrictEqual([fixYaml([lower])]);
  });

  it("guesses the provider from the pool's node labels, shows what it deletes, and takes an override", async () => {
    const calls = serve();
    const labels = (name: string) => ({
      'pdbscope.dev/pool': 'payments',
      'cloud.google.com/gke-nodepool': 'payments',
      'kubernetes.io/hostname': name,
    });
    const { router } = renderApp({
      path: '/upgrade?selector=pdbscope.dev/pool=payments&maxUnavailable=1&maxSurge=0',
      cache: [
        [queryKeys.cluster, cluster()],
        [
          queryKeys.nodes,
          {
            items: [
              nodeRow('payments-1', { labels: labels('payments-1') }),
              nodeRow('payments-2', { labels: labels('payments-2') }),
            ],
            eventId: 'e-1',
          },
        ],
      ],
    });
    await waitFor(() => expect(forecastRegion().textContent).toContain('deleting 1 protected pod'));
    expect(screen.getByLabelText('Provider guess').textContent).toBe(
      'Guessed GKE from node label cloud.google.com/gke-nodepool=payments on payments-1. GKE deletes the pods left after 1 hour per node.',
    );
    const deleted = screen.getByRole('list', { name: 'Pods deleted at step 1' });
    expect(within(deleted).getByRole('listitem').textContent).toBe(
      'payments/payments-api-0 (no-disruption-allowed, HTTP 429): its budget allows no disruption payments/payments-api ',
    );
    expect(
      within(screen.getByRole('list', { name: 'Pool nodes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toStrictEqual(['payments-1 pods deleted', 'payments-2 upgraded']);
    // One forecast, with the guess: not kubectl's first.
    const providers = () =>
      calls
        .filter((c) => c.path === '/api/simulate/upgrade')
        .map((c) => (c.body as SimulateUpgradeRequest).provider);
    expect(providers()).toStrictEqual(['gke']);
    const select = screen.getByRole('combobox', { name: 'Provider' });
    fireEvent.change(select, { target: { value: 'kubectl' } });
    expect(address(router)).toBe(
      '/upgrade?selector=pdbscope.dev/pool=payments&maxUnavailable=1&maxSurge=0&provider=kubectl',
    );
    await waitFor(() => expect(forecastRegion().textContent).toContain('Step 1 stalls'));
    expect(screen.getByLabelText('Provider guess').textContent).toBe(
      'Guessed GKE from node label cloud.google.com/gke-nodepool=payments on payments-1; forecast as kubectl drain. kubectl drain waits for ever on a budget.',
    );
    fireEvent.change(select, { target: { value: 'eks' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Update with force' }));
    expect(address(router)).toBe(
      '/upgrade?selector=pdbscope.dev/pool=payments&maxUnavailable=1&maxSurge=0&provider=eks&forceUpdate=1',
    );
    fireEvent.change(select, { target: { value: 'aks' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Drain timeout (min)' }), {
      target: { value: '45' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Undrainable node behavior' }), {
      target: { value: 'Cordon' },
    });
    expect(address(router)).toBe(
      '/upgrade?selector=pdbscope.dev/pool=payments&maxUnavailable=1&maxSurge=0&provider=aks&drainTimeout=45&undrainable=Cordon',
    );
    await waitFor(() => expect(providers().at(-1)).toBe('aks'));
    const last = calls.filter((c) => c.path === '/api/simulate/upgrade').at(-1)?.body;
    expect(last).toStrictEqual({
      selector: 'pdbscope.dev/pool=payments',
      maxUnavailable: 1,
      maxSurge: 0,
      provider: 'aks',
      drainTimeoutSeconds: 2700,
      undrainableNodeBehavior: 'Cordon',
    });
  });
});
