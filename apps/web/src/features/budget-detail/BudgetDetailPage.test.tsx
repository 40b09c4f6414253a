import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BudgetEventsResponse, BudgetHistoryResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { blockedStep, cluster, zookeeperDetail } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

const ref = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' } as const;
const path = '/budgets/PodDisruptionBudget/data/zookeeper';

/** ZooKeeper's last two hours: a pod became unready at 19:10 and the budget stopped allowing disruptions. */
const history: BudgetHistoryResponse = {
  budget: ref,
  source: 'memory',
  from: '2026-11-20T19:40:00.000Z',
  to: '2026-11-21T19:40:00.000Z',
  points: [
    { at: '2026-11-21T17:40:00.000Z', disruptionsAllowed: 1, currentHealthy: 3, desiredHealthy: 2 },
    { at: '2026-11-21T19:10:03.000Z', disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 },
  ],
  marks: [{ at: '2026-11-21T19:10:02.000Z', type: 'unready', pod: 'data/zookeeper-2' }],
  truncated: false,
};

/** What the disruption controller and the kubelet said about the budget and a pod. */
const events: BudgetEventsResponse = {
  budget: ref,
  items: [
    {
      type: 'Warning',
      reason: 'Unhealthy',
      message: 'Readiness probe failed: connection refused',
      count: 7,
      involvedObject: { kind: 'Pod', namespace: 'data', name: 'zookeeper-2' },
      lastTimestamp: '2026-11-21T19:10:02Z',
      source: 'kubelet',
    },
    {
      type: 'Normal',
      reason: 'NoPods',
      message: 'No matching pods found',
      count: 1,
      involvedObject: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
      lastTimestamp: '2026-11-20T08:00:01Z',
      source: 'controllermanager',
    },
  ],
  truncated: false,
};

function cache() {
  return [
    [queryKeys.budgetDetail(ref), zookeeperDetail()],
    [queryKeys.budgetHistory(ref), history],
    [queryKeys.budgetEvents(ref), events],
    [queryKeys.cluster, cluster()],
  ] as const;
}

function lanePods(title: RegExp): string[] {
  const lane = screen.getByRole('region', { name: title });
  return within(lane)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('a')?.textContent ?? '');
}

describe('BudgetDetailPage', () => {
  it('puts the pods in three lanes, each pod with its reason, node and owner', () => {
    renderApp({ path, cache: cache() });
    expect(lanePods(/^Available/)).toStrictEqual(['zookeeper-0', 'zookeeper-1']);
    expect(lanePods(/^Unavailable/)).toStrictEqual(['zookeeper-2']);
    expect(lanePods(/^Disrupted/)).toStrictEqual([]);
    const unavailable = screen.getByRole('region', { name: /^Unavailable/ });
    expect(within(unavailable).getByRole('listitem').textContent).toContain(
      'Ready condition is False · CrashLoopBackOff · 7 restarts NotReady',
    );
    expect(within(unavailable).getByRole('listitem').textContent).toContain(
      'node worker-3 · owner StatefulSet/zookeeper',
    );
  });

  it("marks each pod evictable now or not, with the engine's rule, and gives each lane the bar's colour", () => {
    renderApp({ path, cache: cache() });
    const marks = [...document.querySelectorAll('.lane')].map((lane) => ({
      lane: lane.className,
      pods: [...lane.querySelectorAll('.evictable')].map((mark) => [
        mark.textContent,
        mark.getAttribute('title'),
      ]),
    }));
    expect(marks).toStrictEqual([
      {
        lane: 'lane lane-available',
        pods: [
          [
            '✕ Not evictable now: the budget allows no disruption now budget-exhausted',
            'Not evictable now: the budget allows no disruption (HTTP 429)',
          ],
          [
            '✕ Not evictable now: the budget allows no disruption now budget-exhausted',
            'Not evictable now: the budget allows no disruption (HTTP 429)',
          ],
        ],
      },
      {
        lane: 'lane lane-unavailable',
        pods: [
          [
            '✓ Evictable now: IfHealthyBudget: this unready pod may be evicted, as the budget has all the healthy pods it needs (current healthy ≥ desired healthy > 0); it uses no allowed disruption unhealthy-healthy-budget',
            'Evictable now: unhealthy pod, the budget is healthy (HTTP 201)',
          ],
        ],
      },
      { lane: 'lane lane-disrupted', pods: [] },
    ]);
  });

  it('draws a 1,000-pod lane 100 pods at a time', () => {
    const detail = zookeeperDetail();
    const [first] = detail.lanes.available;
    if (first === undefined) throw new Error('fixture');
    const available = Array.from({ length: 1000 }, (_, i) => ({ ...first, name: `web-${i}` }));
    renderApp({
      path,
      cache: [
        [queryKeys.budgetDetail(ref), { ...detail, lanes: { ...detail.lanes, available } }],
        ...cache().slice(1),
      ],
    });
    const lane = screen.getByRole('region', { name: /^Available/ });
    const drawn = () => within(lane).getAllByRole('listitem').length;
    const before = [within(lane).getByRole('heading').textContent, drawn()];
    fireEvent.click(within(lane).getByRole('button', { name: 'Show 100 more' }));
    expect([...before, drawn(), within(lane).getByText(/^Showing/).textContent]).toStrictEqual([
      'Available (1,000)',
      100,
      200,
      'Showing 200 of 1,000. Show 100 more',
    ]);
  });

  it('draws the timeline and lists the same changes and marks in text', () => {
    renderApp({ path, cache: cache() });
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const chart = within(timeline).getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Allowed disruptions, current and desired healthy pods from 2026-11-21 17:40:00 UTC to 2026-11-21 19:40:00 UTC; the changes are listed below',
    );
    expect(chart.querySelector('.timeline-allowed')?.getAttribute('d')).toBe(
      'M28,82.7H547.3V122H720',
    );
    expect(chart.querySelector('.timeline-mark title')?.textContent).toBe(
      'data/zookeeper-2 became unready at 2026-11-21 19:10:02 UTC',
    );
    expect(
      within(within(timeline).getByRole('list', { name: 'Changes over time' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toStrictEqual([
      '2026-11-21 17:40:00 UTC allowed disruptions 1, healthy 3 (desired 2)',
      '2026-11-21 19:10:02 UTC data/zookeeper-2 became unready',
      '2026-11-21 19:10:03 UTC allowed disruptions 0, healthy 2 (desired 2)',
    ]);
  });

  it("lists the budget's and its pods' Kubernetes events, latest first", () => {
    renderApp({ path, cache: cache() });
    const table = screen.getByRole('table', { name: 'Kubernetes events' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    ).toStrictEqual([
      [
        'Warning',
        'Unhealthy',
        'pod zookeeper-2',
        '2026-11-21T19:10:02Z',
        '7',
        'Readiness probe failed: connection refused',
      ],
      [
        'Normal',
        'NoPods',
        'budget zookeeper',
        '2026-11-20T08:00:01Z',
        '1',
        'No matching pods found',
      ],
    ]);
  });

  it('warns where the reported status differs from the recomputed one', () => {
    renderApp({ path, cache: cache() });
    expect(screen.getByRole('alert').textContent).toBe(
      'Warning: the reported status differs from the recomputed one in currentHealthy, disruptionsAllowed. The controller may not have caught up, or its inputs differ.',
    );
    const row = screen.getByRole('rowheader', { name: /^currentHealthy/ }).closest('tr');
    expect([...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toStrictEqual([
      '2',
      '3',
    ]);
  });

  it('says the pods are not visible in place of the lanes, and the recomputed figures are not known', () => {
    const detail = zookeeperDetail();
    const hidden = 'pods in data not visible: no permission to list pods in data';
    const notKnown = 'not known: the pods of data are not visible';
    renderApp({
      path,
      cache: [
        [
          queryKeys.budgetDetail(ref),
          {
            ...detail,
            budget: {
              ...detail.budget,
              matchedPods: null,
              flags: { ...detail.budget.flags, mismatch: false, findings: 0 },
              notVisible: { pods: hidden, recomputed: notKnown },
            },
            lanes: { available: [], unavailable: [], disrupted: [] },
            recomputed: null,
            differences: [],
            expected: { type: 'not-visible', controllers: [], message: notKnown },
            findings: [],
            overlaps: [],
          },
        ],
        ...cache().slice(1),
      ],
    });
    expect(screen.getByRole('note', { name: 'Pods not visible' }).textContent).toBe(
      `${hidden}. The figures above are the status the cluster reports; nothing is recomputed, and no finding is drawn from pods that cannot be seen.`,
    );
    expect(screen.queryByRole('region', { name: /^Available/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Simulate selected/ })).toBeNull();
    const row = screen.getByRole('rowheader', { name: /^currentHealthy/ }).closest('tr');
    expect([...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toStrictEqual([
      '2',
      '?',
    ]);
    expect(screen.getByText(`The recomputed status is not known: ${notKnown}.`)).toBeDefined();
    expect(screen.getByText(`No findings from what can be seen (${notKnown}).`)).toBeDefined();
    expect(screen.getByText(notKnown).parentElement?.className).toBe('notice warn');
  });

  it('shows the expected count source, findings, overlaps and YAML', () => {
    renderApp({ path, cache: cache() });
    expect(screen.getByText('StatefulSet zookeeper has scale 3')).toBeDefined();
    expect(screen.getByText('StatefulSet zookeeper: scale 3 (3 pods selected)')).toBeDefined();
    expect(screen.getByText('Set unhealthyPodEvictionPolicy: AlwaysAllow')).toBeDefined();
    expect(
      screen
        .getByRole('link', { name: 'PodDisruptionBudget data/zookeeper-all' })
        .getAttribute('href'),
    ).toBe('/budgets/PodDisruptionBudget/data/zookeeper-all');
    expect(screen.getByLabelText('Budget YAML').textContent).toContain('kind: PodDisruptionBudget');
  });

  it('lists what can still disrupt the pods, each item a sentence and its rule', async () => {
    renderApp({
      path,
      cache: [
        [
          queryKeys.budgetDetail(ref),
          {
            ...zookeeperDetail(),
            exposure: [
              {
                kind: 'preemption',
                overridesBudget: true,
                sentence:
                  'A pending pod of PriorityClass critical (1000000) may preempt these pods (priority 0).',
                rule: 'kube-scheduler preemption deletes its victims.',
              },
              {
                kind: 'cluster-autoscaler-safe-to-evict',
                overridesBudget: false,
                pods: ['data/zookeeper-0'],
                sentence: 'Cluster Autoscaler does not look at this budget when it picks the node.',
                rule: 'SafeToEvict comes before the PDB rule.',
              },
            ],
          },
        ],
        ...cache().slice(1),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Exposure' });
    expect([
      screen.getByRole('heading', { name: 'Exposure: what can still disrupt these pods' }).tagName,
      [...list.querySelectorAll(':scope > li')].map((li) => li.textContent),
    ]).toStrictEqual([
      'H2',
      [
        'A pending pod of PriorityClass critical (1000000) may preempt these pods (priority 0).Rule: kube-scheduler preemption deletes its victims.',
        'Cluster Autoscaler does not look at this budget when it picks the node. The budget still holds.Pods: data/zookeeper-0Rule: SafeToEvict comes before the PDB rule.',
      ],
    ]);
  });

  it('has no exposure section for a budget the BFF gives none', async () => {
    renderApp({ path, cache: cache() });
    await screen.findByLabelText('Budget YAML');
    expect(screen.queryByRole('list', { name: 'Exposure' })).toBeNull();
  });

  it('simulates an eviction and shows the API server message and the budget after it in a live region', async () => {
    const { fetchImpl, calls } = fakeFetch({
      'POST /api/simulate/evictions': {
        status: 200,
        body: { steps: [blockedStep()], asOf: '2026-11-21T08:00:00Z', eventId: 'e-3' },
      },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path, cache: cache() });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate eviction zookeeper-0' }));
    const region = screen.getByRole('status', { name: 'Eviction decision' });
    await waitFor(() =>
      expect(region.textContent).toContain('Refused: 429, the budget allows no disruption'),
    );
    expect(calls).toStrictEqual([
      { method: 'POST', path: '/api/simulate/evictions', body: { pods: ['data/zookeeper-0'] } },
    ]);
    expect(region.textContent).toContain(
      "API server: Cannot evict pod as it would violate the pod's disruption budget. (HTTP 429)",
    );
    expect(region.textContent).toContain(
      'Cause DisruptionBudget: The disruption budget zookeeper needs 2 healthy pods and has 2 currently',
    );
    expect(region.textContent).toContain(
      'PDB data/zookeeper: allowed disruptions 0 blocks, current healthy 2 of desired 2, expected 3',
    );
  });

  it('says why a simulation failed', async () => {
    const { fetchImpl } = fakeFetch({
      'POST /api/simulate/evictions': {
        status: 503,
        body: {
          type: 'about:blank',
          title: 'Service Unavailable',
          status: 503,
          detail: 'the cluster is still syncing',
        },
      },
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({ path, cache: cache() });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate eviction zookeeper-2' }));
    const region = screen.getByRole('status', { name: 'Eviction decision' });
    await waitFor(() =>
      expect(region.textContent).toBe(
        'Could not simulate the eviction. Service Unavailable: the cluster is still syncing',
      ),
    );
  });

  it("opens a pod's and its node's pages in the app, and leaves a modified click to the browser", () => {
    const { router } = renderApp({ path, cache: cache() });
    const item = screen.getByRole('checkbox', { name: 'Select zookeeper-1' }).closest('li');
    if (item === null) throw new Error('no item');
    const podLink = within(item).getByRole('link', { name: 'zookeeper-1' });
    const withCtrl = fireEvent.click(podLink, { ctrlKey: true });
    const atFirst = router.state.location.pathname;
    fireEvent.click(podLink);
    const atPod = router.state.location.pathname;
    expect([withCtrl, atFirst, atPod, podLink.getAttribute('href')]).toStrictEqual([
      true,
      path,
      '/pods/data/zookeeper-1',
      '/pods/data/zookeeper-1',
    ]);
  });

  it('sends the selected pods to the sequence view', () => {
    const { router } = renderApp({ path, cache: cache() });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select zookeeper-1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select zookeeper-0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simulate selected in sequence (2)' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/simulate?pod=data%2Fzookeeper-1&pod=data%2Fzookeeper-0',
    );
  });

  it('says so when the address names no budget kind it knows', () => {
    renderApp({ path: '/budgets/Deployment/data/zookeeper', cache: cache() });
    expect(screen.getByRole('alert').textContent).toBe(
      'This address does not name a budget. Back to all budgets',
    );
  });

  it('says which budget could not be found', async () => {
    const { fetchImpl } = fakeFetch({});
    vi.stubGlobal('fetch', fetchImpl);
    renderApp({
      path: '/budgets/PodDisruptionBudget/data/gone',
      cache: [[queryKeys.cluster, cluster()]],
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not load budget data/gone. Not found: no route GET /api/budgets/PodDisruptionBudget/data/gone',
      ),
    );
  });
});
