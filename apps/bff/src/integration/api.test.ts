import { ClusterIndex } from '@pdbscope/shared/index';
import { drainableNowByNode, planDrain, planEvictions } from '@pdbscope/shared';
import { NODE_LIST_REFS } from '@pdbscope/shared/api';
import type {
  BudgetDetailResponse,
  BudgetListResponse,
  ClusterResponse,
  FindingsResponse,
  NodeDetailResponse,
  NodesResponse,
  OperatorInstancesResponse,
  OverlapsResponse,
  SimulateDrainResponse,
  SimulateEvictionsResponse,
  VerifyEvictionResponse,
} from '@pdbscope/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ClusterObject } from '../kube/resources.js';
import { freshList, getJson, startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ allowDryRunVerify: true });
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
});

/** The engine run directly on a fresh list, to compare with what the API answers. */
async function engineIndex(): Promise<ClusterIndex> {
  const objects = await freshList(h.sim);
  const of = (kinds: string[]) => objects.filter((o) => kinds.includes(o.kind));
  const isWorkload = (o: ClusterObject) =>
    !['Pod', 'Node', 'PodDisruptionBudget', 'PodUnavailableBudget'].includes(o.kind);
  return new ClusterIndex(
    { now: new Date() },
    {
      pods: of(['Pod']) as never,
      nodes: of(['Node']) as never,
      budgets: of(['PodDisruptionBudget', 'PodUnavailableBudget']) as never,
      workloads: objects.filter(isWorkload) as never,
    },
  );
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  getJson<unknown>(h.bff, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('the evaluation API against the simulated cluster', () => {
  it('shows a budget’s YAML as the API server stores it when the page asks, changes included', async () => {
    const path = '/apis/policy/v1/namespaces/payments/poddisruptionbudgets/ledger';
    const stored = async () => (await fetch(`${h.sim.url}${path}`)).json() as Promise<unknown>;
    const shown = async () =>
      parse(
        (
          await getJson<BudgetDetailResponse>(
            h.bff,
            '/api/budgets/PodDisruptionBudget/payments/ledger',
          )
        ).body.yaml,
      ) as unknown;
    const before = await shown();
    expect(before).toStrictEqual(await stored());
    const patched = await fetch(`${h.sim.url}${path}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ metadata: { labels: { team: 'ledger-oncall' } } }),
    });
    expect(patched.status).toBe(200);
    const after = (await shown()) as { metadata: { labels?: Record<string, string> } };
    expect({ after, team: after.metadata.labels?.['team'] }).toStrictEqual({
      after: await stored(),
      team: 'ledger-oncall',
    });
  });

  it('answers simulated evictions as the engine does, cumulatively', async () => {
    const ledger = (
      await getJson<BudgetDetailResponse>(h.bff, '/api/budgets/PodDisruptionBudget/payments/ledger')
    ).body.lanes.available[0];
    if (!ledger) throw new Error('no ledger pod');
    // Cumulative: the second ZooKeeper eviction sees the first; the ledger pod has two PDBs (500).
    const pods = [
      'zookeeper/zookeeper-0',
      'zookeeper/zookeeper-1',
      `payments/${ledger.name}`,
      'databases/postgres-0',
    ];
    const answer = (await post('/api/simulate/evictions', { pods }))
      .body as SimulateEvictionsResponse;
    const plan = planEvictions({
      index: await engineIndex(),
      pods: pods.map((p) => ({ namespace: p.split('/')[0] ?? '', name: p.split('/')[1] ?? '' })),
      now: new Date(),
    });
    expect(answer.steps.map((s) => s.decision.code)).toStrictEqual([201, 429, 500, 429]);
    expect(
      answer.steps.map((s) => [
        s.pod,
        s.decision.allowed,
        s.decision.code,
        s.decision.message,
        s.decision.causes,
      ]),
    ).toStrictEqual(
      plan.steps.map((s) => [
        `${s.pod.namespace}/${s.pod.name}`,
        s.decision.allowed,
        s.decision.code,
        s.decision.message,
        s.decision.causes.map((c) => ({ reason: c.reason, message: c.message })),
      ]),
    );
  });

  it("answers a drain as the engine plans it, with the flags given and kubectl's defaults", async () => {
    const nodes = (await getJson<NodesResponse>(h.bff, '/api/nodes')).body.items;
    const node = nodes.find((n) => n.budgetedPods > 0);
    if (!node) throw new Error('no node with budgeted pods');
    const key = (p: { namespace: string; name: string }) => `${p.namespace}/${p.name}`;
    for (const flags of [{}, { force: true, ignoreDaemonSets: true }]) {
      const answer = (await post('/api/simulate/drain', { node: node.name, ...flags }))
        .body as SimulateDrainResponse;
      const plan = planDrain({
        index: await engineIndex(),
        node: node.name,
        now: new Date(),
        options: flags,
      });
      expect([
        answer.options,
        answer.verdict,
        answer.refusals.map((r) => r.pods),
        answer.rounds.map((r) => r.evicted.map((e) => e.pod)),
        answer.failed.map((f) => f.pod),
        answer.blocked.map((b) => b.pod).sort(),
      ]).toStrictEqual([
        plan.options,
        plan.verdict,
        plan.refusals.map((r) => r.pods.map(key)),
        plan.rounds.map((r) => r.evicted.map(key)),
        plan.failed.map((f) => key(f.pod)),
        plan.blocked.map((b) => key(b.pod)).sort(),
      ]);
    }
  });

  it('says per node whether kubectl drain would finish now, as the engine does on the same objects', async () => {
    const [nodes, index] = await Promise.all([
      getJson<NodesResponse>(h.bff, '/api/nodes').then((r) => r.body.items),
      engineIndex(),
    ]);
    const expected = drainableNowByNode({ index, now: new Date() });
    // The list names the first NODE_LIST_REFS stopping pods and counts them all.
    expect(
      nodes.map((n) => ({
        node: n.name,
        state: n.drainableNow.state,
        pods: n.drainableNow.pods,
        podCount: n.drainableNow.podCount,
        budgetCount: n.drainableNow.budgetCount,
      })),
    ).toStrictEqual(
      index.nodeNames().map((name) => ({
        node: name,
        state: expected.get(name)?.state,
        pods: expected.get(name)?.pods.slice(0, NODE_LIST_REFS),
        podCount: expected.get(name)?.pods.length,
        budgetCount: expected.get(name)?.budgets.length,
      })),
    );
    // The demo has both: nodes that drain now and nodes a budget holds.
    expect(new Set(nodes.map((n) => n.drainableNow.state)).has('drainable')).toBe(true);
    expect(nodes.some((n) => n.drainableNow.state !== 'drainable')).toBe(true);
  });

  it('shows a node as the API server holds it, with its pods and the budgets they fall under', async () => {
    const nodes = (await getJson<NodesResponse>(h.bff, '/api/nodes')).body.items;
    const row = nodes.find((n) => n.budgetedPods > 0);
    if (!row) throw new Error('no node with budgeted pods');
    const [detail, raw, index] = await Promise.all([
      getJson<NodeDetailResponse>(h.bff, `/api/nodes/${row.name}`),
      fetch(`${h.sim.url}/api/v1/nodes/${row.name}`).then(
        (r) =>
          r.json() as Promise<{ spec: { taints?: unknown[] }; status: Record<string, unknown> }>,
      ),
      engineIndex(),
    ]);
    const { node, conditions, capacity, allocatable, pods, budgets } = detail.body;
    const onNode = index
      .podsOnNode(row.name)
      .map((p) => `${p.namespace}/${p.name}`)
      .sort();
    const rawConditions = (raw.status['conditions'] as Record<string, string>[]).map(
      ({ type, status }) => ({ type, status }),
    );
    expect([
      node,
      conditions.map(({ type, status }) => ({ type, status })),
      capacity,
      allocatable,
      pods.map((p) => `${p.pod.namespace}/${p.pod.name}`),
    ]).toStrictEqual([
      row,
      rawConditions,
      raw.status['capacity'],
      raw.status['allocatable'],
      onNode,
    ]);
    const covering = (key: string) => {
      const pod = index.pod({ namespace: key.split('/')[0] ?? '', name: key.split('/')[1] ?? '' });
      if (!pod) return [];
      const b = index.budgetsForPod(pod);
      return [...b.pdbs, ...b.pubs].map((x) => `${x.kind}/${x.namespace}/${x.name}`);
    };
    expect(
      pods.map((p) => p.budgets.map((b) => `${b.kind}/${b.namespace}/${b.name}`)),
    ).toStrictEqual(onNode.map(covering));
    expect(budgets.map((b) => `${b.kind}/${b.namespace}/${b.name}`).sort()).toStrictEqual(
      [...new Set(onNode.flatMap(covering))].sort(),
    );
    expect(pods.filter((p) => p.budgets.length > 0).length).toBe(row.budgetedPods);
    expect((await getJson(h.bff, '/api/nodes/no-such-node')).status).toBe(404);
  });

  it('verifies an eviction with the API server (dryRun=All) and agrees with it', async () => {
    const answer = (await post('/api/verify/eviction', { pod: 'databases/postgres-0' }))
      .body as VerifyEvictionResponse;
    expect([
      answer.agree,
      answer.server.code,
      answer.ours.code,
      answer.server.message,
    ]).toStrictEqual([
      true,
      429,
      429,
      "Cannot evict pod as it would violate the pod's disruption budget.",
    ]);
    // A pod under several PDBs: HTTP 500 on the wire, and the same in our answer.
    const ledger = (
      await getJson<BudgetDetailResponse>(h.bff, '/api/budgets/PodDisruptionBudget/payments/ledger')
    ).body.lanes.available[0];
    if (!ledger) throw new Error('no ledger pod');
    const several = (await post('/api/verify/eviction', { pod: `payments/${ledger.name}` }))
      .body as VerifyEvictionResponse;
    expect([
      several.agree,
      several.server.httpStatus,
      several.ours.httpStatus,
      several.ours.rule,
    ]).toStrictEqual([true, 500, 500, 'multiple-pdbs']);
    // The detail's "evictable now" mark says what the API server answered the dry run.
    expect(ledger.evictableNow).toStrictEqual({
      allowed: false,
      rule: 'multiple-pdbs',
      summary: 'more than one PodDisruptionBudget',
      code: several.server.httpStatus,
    });
    const cluster = (await getJson<ClusterResponse>(h.bff, '/api/cluster')).body;
    expect([cluster.verifyEnabled, cluster.ready, cluster.counts.pods > 0]).toStrictEqual([
      true,
      true,
      true,
    ]);
  });

  it('refuses bad bodies, unknown ids and foreign origins', async () => {
    const answers = await Promise.all([
      post('/api/simulate/evictions', { pods: 'zookeeper-0' }),
      post('/api/simulate/drain', { node: 'no-such-node' }),
      getJson(h.bff, '/api/budgets/PodDisruptionBudget/zookeeper/nope'),
      getJson(h.bff, '/api/pods/zookeeper/nope'),
      post('/api/simulate/drain', { node: 'worker-1' }, { origin: 'http://evil.example' }),
    ]);
    expect(answers.map((a) => a.status)).toStrictEqual([400, 404, 404, 404, 403]);
    const list = await getJson<BudgetListResponse>(h.bff, '/api/budgets?state=blocking');
    expect(list.body.items.every((r) => r.flags.blocking)).toBe(true);
    const badQueries = await Promise.all([
      getJson<{ detail: string }>(h.bff, '/api/findings?limit=0'),
      getJson<{ detail: string }>(h.bff, '/api/overlaps?kind=sometimes'),
      getJson<{ detail: string }>(h.bff, '/api/findings?colour=red'),
    ]);
    expect(badQueries.map((a) => a.status)).toStrictEqual([400, 400, 400]);
    expect(badQueries[0]?.body.detail).toBe(
      'invalid query: limit: Too small: expected number to be >=1',
    );
  });

  it('finds the budgets covering a pod by its name, as the engine places the pod', async () => {
    const index = await engineIndex();
    const ledger = index.budget({
      kind: 'PodDisruptionBudget',
      namespace: 'payments',
      name: 'ledger',
    });
    const podName = ledger?.pods[0]?.name;
    if (podName === undefined) throw new Error('no ledger pod');
    const all = (await getJson<BudgetListResponse>(h.bff, '/api/budgets')).body.items;
    const covering = [...index.budgets()]
      .filter((e) => e.pods.some((pod) => pod.name.includes(podName)))
      .map((e) => `${e.budget.kind}/${e.budget.namespace}/${e.budget.name}`);
    const byOwnText = all
      .filter((r) => `${r.namespace}/${r.name} ${r.selectorText}`.includes(podName))
      .map((r) => `${r.kind}/${r.namespace}/${r.name}`);
    const found = await getJson<BudgetListResponse>(
      h.bff,
      `/api/budgets?text=${encodeURIComponent(podName.toUpperCase())}`,
    );
    expect(found.body.items.map((r) => `${r.kind}/${r.namespace}/${r.name}`).sort()).toStrictEqual(
      [...new Set([...covering, ...byOwnText])].sort(),
    );
    expect(covering).toContain('PodDisruptionBudget/payments/ledger');
    // Every namespace is still offered with its count, whatever the search found there.
    const perNamespace = new Map<string, number>();
    for (const row of all)
      perNamespace.set(row.namespace, (perNamespace.get(row.namespace) ?? 0) + 1);
    expect(found.body.namespaces).toStrictEqual(
      [...perNamespace.keys()].sort().map((namespace) => ({
        namespace,
        budgets: perNamespace.get(namespace),
      })),
    );
    expect(found.body.namespaces.length).toBeGreaterThan(
      new Set(found.body.items.map((r) => r.namespace)).size,
    );
  });

  it('compresses answers over 1 kB for a client that accepts it, never the event stream', async () => {
    const plain = await fetch(`${h.bff.url}/api/budgets`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const gzipped = await fetch(`${h.bff.url}/api/budgets`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const [plainBody, gzippedBody] = [await plain.json(), await gzipped.json()];
    expect([
      plain.headers.get('content-encoding'),
      gzipped.headers.get('content-encoding'),
      JSON.stringify(gzippedBody) === JSON.stringify(plainBody),
    ]).toStrictEqual([null, 'br', true]);
    const abort = new AbortController();
    const stream = await fetch(`${h.bff.url}/api/events`, {
      headers: { 'accept-encoding': 'gzip, br' },
      signal: abort.signal,
    });
    const reader = stream.body?.getReader();
    const first = await reader?.read();
    abort.abort();
    expect([
      stream.headers.get('content-encoding'),
      new TextDecoder().decode(first?.value).startsWith(':') ||
        new TextDecoder().decode(first?.value).includes('data:') ||
        new TextDecoder().decode(first?.value).includes('retry:'),
    ]).toStrictEqual([null, true]);
  });

  it('filters and pages findings and overlap groups on the server', async () => {
    const all = (await getJson<FindingsResponse>(h.bff, '/api/findings?limit=500')).body;
    const errors = (await getJson<FindingsResponse>(h.bff, '/api/findings?severity=error&limit=2'))
      .body;
    expect([
      errors.total,
      errors.items.length,
      errors.items.every((f) => f.severity === 'error'),
    ]).toStrictEqual([
      all.items.filter((f) => f.severity === 'error').length,
      Math.min(2, all.counts.error),
      true,
    ]);
    const second = (
      await getJson<FindingsResponse>(h.bff, '/api/findings?severity=error&limit=2&page=2')
    ).body;
    expect(second.items.map((f) => f.id)).toStrictEqual(
      all.items
        .filter((f) => f.severity === 'error')
        .slice(2, 4)
        .map((f) => f.id),
    );
    const groups = (await getJson<OverlapsResponse>(h.bff, '/api/overlaps')).body;
    const namespace = groups.items[0]?.namespace ?? '';
    const inOne = (
      await getJson<OverlapsResponse>(h.bff, `/api/overlaps?namespace=${namespace},nowhere`)
    ).body;
    expect(inOne.items.map((g) => g.id)).toStrictEqual(
      groups.items.filter((g) => g.namespace === namespace).map((g) => g.id),
    );
    const member = groups.items[0]?.budgets[1]?.name ?? '';
    const byText = (await getJson<OverlapsResponse>(h.bff, `/api/overlaps?text=${member}`)).body;
    expect(byText.items.some((g) => g.id === groups.items[0]?.id)).toBe(true);
  });

  it('groups the operator-run HDFS by role and role group, with the role no budget covers', async () => {
    const answer = await getJson<OperatorInstancesResponse>(h.bff, '/api/operator-instances');
    const pdb = (name: string) => ({ kind: 'PodDisruptionBudget', namespace: 'hdfs', name });
    const set = (name: string, replicas: number) => ({
      kind: 'StatefulSet',
      name,
      replicas,
      readyReplicas: replicas,
    });
    const DATA: [string, string] = ['dataNodes', 'datanode'];
    const JOURNAL: [string, string] = ['journalNodes', 'journalnode'];
    /** A role group of `spec.<role>` run by one StatefulSet (`hdfs-<component>-<group>`). */
    const group = (
      [role, component]: [string, string],
      name: string,
      pods: number,
      uncovered: string[] = [],
    ) => ({
      name,
      replicasField: `spec.${role}.roleGroups.${name}.replicas`,
      workloads: [set(`hdfs-${component}-${name}`, pods)],
      pods,
      readyPods: pods,
      uncovered: uncovered.map((pod) => `hdfs/${pod}`),
      uncoveredCount: uncovered.length,
    });
    // The demo's only instance labelled the recommended way (ECK's pods carry its own labels).
    expect([answer.status, answer.body.items]).toStrictEqual([
      200,
      [
        {
          namespace: 'hdfs',
          app: 'hdfs',
          instance: 'hdfs',
          operator: {
            name: 'Stackable',
            evidence: 'ownerReference HdfsCluster hdfs',
            resource: { group: 'hdfs.stackable.tech', kind: 'HdfsCluster', name: 'hdfs' },
          },
          generated: [pdb('hdfs-datanode')],
          roles: [
            {
              component: 'datanode',
              budgetField: 'spec.dataNodes.roleConfig.podDisruptionBudget',
              budgets: [
                { budget: pdb('hdfs-datanode'), generated: true },
                { budget: pdb('hdfs-datanode-hot'), generated: false },
              ],
              roleGroups: [
                group(DATA, 'archive', 2),
                group(DATA, 'default', 3),
                group(DATA, 'hot', 2),
              ],
            },
            {
              component: 'journalnode',
              budgetField: 'spec.journalNodes.roleConfig.podDisruptionBudget',
              budgets: [],
              roleGroups: [group(JOURNAL, 'default', 1, ['hdfs-journalnode-default-0'])],
            },
          ],
        },
      ],
    ]);
  });
});
