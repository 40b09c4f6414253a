import type {
  BudgetDetailResponse,
  BudgetListResponse,
  ClusterResponse,
  FindingsResponse,
  NodesResponse,
  SimulateDrainResponse,
} from '@pdbscope/shared/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson, startHarness, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ZK_HIDDEN = 'pods not visible: no permission to list pods in zookeeper';

/** The nodes the simulator bound zookeeper's pods to, by pod name. */
function zookeeperNodes(harness: Harness): Map<string, string> {
  const listed = harness.sim.store.list('pods', { namespace: 'zookeeper' });
  if (!listed.ok) throw new Error(listed.error.message);
  return new Map(
    listed.value.items.map((p) => [
      p.metadata.name ?? '',
      String((p.spec as { nodeName?: unknown } | undefined)?.nodeName ?? ''),
    ]),
  );
}

describe("one namespace's pods refused, its budgets served", () => {
  it('answers the budget with its reported status and why its pods are missing, never a finding drawn from them', async () => {
    const harness = (h = await startHarness({
      beforeBff: (sim) => sim.faults.forbidIn('pods', 'zookeeper'),
    }));
    await harness.bff.ready();
    const ref = '/api/budgets/PodDisruptionBudget/zookeeper/zookeeper';
    const detail = (await getJson<BudgetDetailResponse>(harness.bff, ref)).body;
    const row = (
      await getJson<BudgetListResponse>(harness.bff, '/api/budgets?namespace=zookeeper')
    ).body.items.find((r) => r.name === 'zookeeper');
    const findings = (await getJson<FindingsResponse>(harness.bff, '/api/findings?limit=500')).body
      .items;
    expect({
      row: row && {
        matchedPods: row.matchedPods,
        notVisible: row.notVisible,
        flags: row.flags,
        reported:
          row.kind === 'PodDisruptionBudget'
            ? [row.expectedPods, row.desiredHealthy, row.currentHealthy, row.disruptionsAllowed]
            : [],
      },
      lanes: detail.lanes,
      recomputed: detail.recomputed,
      recomputeError: detail.recomputeError,
      differences: detail.differences,
      expected: detail.expected,
      controllerEvents: detail.controllerEvents,
      findings: detail.findings,
      zookeeperFindings: findings
        .filter((f) => f.subject.namespace === 'zookeeper')
        .map((f) => f.rule),
    }).toStrictEqual({
      row: {
        matchedPods: null,
        notVisible: { pods: ZK_HIDDEN, recomputed: ZK_HIDDEN },
        flags: {
          overlap: false,
          findings: 0,
          stale: false,
          blocking: false,
          blockingReason: null,
          mismatch: false,
          error: null,
        },
        reported: [3, 2, 3, 1],
      },
      lanes: { available: [], unavailable: [], disrupted: [] },
      recomputed: null,
      recomputeError: null,
      differences: [],
      expected: { type: 'not-visible', controllers: [], message: ZK_HIDDEN },
      controllerEvents: [],
      findings: [],
      zookeeperFindings: [],
    });
  });

  it('calls no node drainable, and answers a hidden pod 403 "not visible", not 404', async () => {
    const harness = (h = await startHarness({
      beforeBff: (sim) => sim.faults.forbidIn('pods', 'zookeeper'),
    }));
    await harness.bff.ready();
    const hostOfZk0 = zookeeperNodes(harness).get('zookeeper-0') ?? '';
    const nodes = (await getJson<NodesResponse>(harness.bff, '/api/nodes')).body;
    const host = nodes.items.find((n) => n.name === hostOfZk0);
    const pod = await fetch(`${harness.bff.url}/api/pods/zookeeper/zookeeper-0`);
    const drain = await getJson<SimulateDrainResponse>(harness.bff, '/api/simulate/drain', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ node: hostOfZk0, ignoreDaemonSets: true, deleteEmptyDirData: true }),
    });
    const cluster = (await getJson<ClusterResponse>(harness.bff, '/api/cluster')).body;
    const hiddenText = `pods in zookeeper not visible: no permission to list pods in zookeeper`;
    expect({
      listNotVisible: nodes.notVisible,
      drainableAnywhere: nodes.items.filter((n) => n.drainableNow.state === 'drainable').length,
      host: host && [host.drainableNow.state === 'drainable', host.drainableNow.notVisible],
      everyNodeSays: nodes.items.every((n) => n.drainableNow.notVisible?.includes(hiddenText)),
      pod: [pod.status, pod.headers.get('content-type'), await pod.json()],
      drain: [drain.status, drain.body.verdict === 'completes', drain.body.notVisible],
      cluster: cluster.notVisible,
    }).toStrictEqual({
      listNotVisible: [hiddenText],
      drainableAnywhere: 0,
      host: [false, [hiddenText]],
      everyNodeSays: true,
      pod: [
        403,
        'application/problem+json; charset=utf-8',
        {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail:
            'pod zookeeper/zookeeper-0 is not visible: no permission to list pods in zookeeper',
          instance: '/api/pods/zookeeper/zookeeper-0',
        },
      ],
      drain: [200, false, [hiddenText]],
      cluster: ['not visible: no permission to list pods in zookeeper'],
    });
  });
});

describe("one namespace's workloads refused, its pods and budgets served", () => {
  it('knows the pods in their lanes but not the expected count, and draws no finding from it', async () => {
    const harness = (h = await startHarness({
      beforeBff: (sim) => {
        for (const resource of [
          'deployments',
          'replicasets',
          'statefulsets',
          'replicationcontrollers',
        ])
          sim.faults.forbidIn(resource, 'hdfs');
      },
    }));
    await harness.bff.ready();
    const detail = (
      await getJson<BudgetDetailResponse>(
        harness.bff,
        '/api/budgets/PodDisruptionBudget/hdfs/hdfs-datanode',
      )
    ).body;
    const findings = (await getJson<FindingsResponse>(harness.bff, '/api/findings?limit=500')).body
      .items;
    const unknown =
      "expected pods unknown: their controllers' scale is not visible: no permission to list deployments in hdfs; no permission to list replicasets in hdfs; no permission to list replicationcontrollers in hdfs; no permission to list statefulsets in hdfs";
    expect({
      matchedPods: detail.budget.matchedPods,
      notVisible: detail.budget.notVisible,
      error: detail.budget.flags.error,
      mismatch: detail.budget.flags.mismatch,
      lanePods: Object.values(detail.lanes).flat().length,
      recomputed: detail.recomputed,
      recomputeError: detail.recomputeError,
      expected: detail.expected,
      hdfsFindings: findings
        .filter(
          (f) =>
            f.subject.namespace === 'hdfs' &&
            (f.rule === 'sync-failed' || f.rule === 'status-differs'),
        )
        .map((f) => `${f.rule} ${f.subject.name}`),
    }).toStrictEqual({
      matchedPods: detail.budget.matchedPods,
      notVisible: { pods: null, recomputed: unknown },
      error: null,
      mismatch: false,
      lanePods: detail.budget.matchedPods,
      recomputed: null,
      recomputeError: null,
      expected: { type: 'not-visible', controllers: [], message: unknown },
      hdfsFindings: [],
    });
    expect(detail.budget.matchedPods).toBeGreaterThan(0);
  });
});

describe('a refusal that comes while watching', () => {
  it("drops what it held, says the namespace's pods are not visible, and takes them back when allowed again", async () => {
    const harness = (h = await startHarness({}));
    await harness.bff.ready();
    const row = async () =>
      (
        await getJson<BudgetListResponse>(harness.bff, '/api/budgets?namespace=zookeeper')
      ).body.items.find((r) => r.name === 'zookeeper');
    const before = await row();
    harness.sim.faults.forbidIn('pods', 'zookeeper');
    harness.sim.faults.dropWatches({ abrupt: true });
    await vi.waitFor(async () => expect((await row())?.matchedPods).toBe(null), {
      timeout: 10_000,
    });
    const hidden = await getJson<unknown>(harness.bff, '/api/pods/zookeeper/zookeeper-0');
    harness.sim.faults.unforbidIn('pods', 'zookeeper');
    await vi.waitFor(async () => expect((await row())?.matchedPods).toBe(3), { timeout: 10_000 });
    const after = await row();
    expect([
      before?.matchedPods,
      before?.notVisible,
      hidden.status,
      after?.notVisible,
    ]).toStrictEqual([3, undefined, 403, undefined]);
  });
});
