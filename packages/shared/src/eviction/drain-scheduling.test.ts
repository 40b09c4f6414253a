import { describe, expect, it } from 'vitest';
import { NOW, deployment, labelPdb, node, pod, workload } from '../index/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import type { NodeView } from '../model/node.js';
import type { PodInput } from '../index/__fixtures__/objects.js';
import { planDrain } from './drain.js';

/** web: 3 replicas, two on node-a, maxUnavailable 1; the replacement of the first decides the rest. */
function drainWeb(nodes: NodeView[], template: Pick<PodInput, 'spec' | 'requests'> = {}) {
  const web = deployment({
    namespace: 'shop',
    name: 'web',
    replicas: 3,
    labels: { app: 'web' },
    nodes: ['node-a', 'node-a', 'node-b'],
    template,
  });
  const index = new ClusterIndex(
    { now: NOW },
    {
      nodes,
      workloads: web.workloads,
      budgets: [labelPdb({ namespace: 'shop', name: 'web', maxUnavailable: 1 })],
      pods: web.pods,
    },
  );
  return planDrain({ index, node: 'node-a', now: NOW });
}

const summary = (plan: ReturnType<typeof drainWeb>) => ({
  verdict: plan.verdict,
  evicted: plan.evicted.map((p) => p.name),
  pending: plan.pending.map((p) => `${p.replacement.name}: ${p.reason}`),
  blocked: plan.blocked.map((b) => `${b.pod.name} ${b.reason} ${b.outlook}`),
});

const stuckBecause = (reason: string) => ({
  verdict: 'stuck',
  evicted: ['web-6d4f8c7b9-bnx2k'],
  pending: [`web-6d4f8c7b9-bnx2k-replacement: ${reason}`],
  blocked: ['web-6d4f8c7b9-cnx2k replacement-pending until'],
});

const GI = 2 ** 30;

describe('planDrain schedules replacements', () => {
  it('completes when another node can take the replacement', () => {
    const plan = drainWeb([node('node-a'), node('node-b'), node('node-c')]);
    expect(plan.verdict).toBe('completes');
    expect(plan.rounds[1]?.waitedFor.map((w) => w.node)).toStrictEqual(['node-c']);
  });

  it('keeps the replacement Pending when every other node is cordoned, and says what it blocks', () => {
    const plan = drainWeb([
      node('node-a'),
      node('node-b', true, { spec: { unschedulable: true } }),
      node('node-c', true, { spec: { unschedulable: true } }),
    ]);
    expect(summary(plan)).toStrictEqual(
      stuckBecause('0/3 nodes are available: 3 node(s) were unschedulable.'),
    );
    expect(plan.pending[0]?.blocks.map((p) => p.name)).toStrictEqual(['web-6d4f8c7b9-cnx2k']);
    expect(plan.blocked[0]?.waitsFor.map((p) => p.name)).toStrictEqual([
      'web-6d4f8c7b9-bnx2k-replacement',
    ]);
    expect(plan.blocked[0]?.explanation).toBe(
      "Blocked until web-6d4f8c7b9-bnx2k-replacement is Ready: web needs 2 healthy pods and has 2, so it allows no disruption, and the drain's replacement web-6d4f8c7b9-bnx2k-replacement stays Pending (no node can take it).",
    );
  });

  it('keeps it Pending on an untolerated NoSchedule taint, and places it when tolerated', () => {
    const tainted = [
      node('node-a'),
      node('node-b', true, {
        spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
      }),
    ];
    expect(summary(drainWeb(tainted))).toStrictEqual(
      stuckBecause(
        '0/2 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) were unschedulable.',
      ),
    );
    const tolerating = drainWeb(tainted, {
      spec: {
        tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }],
      },
    });
    expect(tolerating.verdict).toBe('completes');
  });

  it("keeps it Pending when no node matches the pod's nodeSelector or required node affinity", () => {
    const nodes = [
      node('node-a', true, { labels: { pool: 'general' } }),
      node('node-b', true, { labels: { pool: 'general', 'node.example.com/generation': '5' } }),
      node('node-c', true, { labels: { pool: 'batch', 'node.example.com/generation': '7' } }),
    ];
    const message =
      "0/3 nodes are available: 1 node(s) were unschedulable, 2 node(s) didn't match Pod's node affinity/selector.";
    expect(summary(drainWeb(nodes, { spec: { nodeSelector: { pool: 'memory' } } }))).toStrictEqual(
      stuckBecause(message),
    );
    const affinity = (expr: Record<string, unknown>[], fields: Record<string, unknown>[] = []) => ({
      spec: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                { matchExpressions: expr, ...(fields.length ? { matchFields: fields } : {}) },
              ],
            },
          },
        },
      },
    });
    // Gt 6 only matches node-c; NotIn batch rules it out.
    const gtAndNotIn = affinity([
      { key: 'node.example.com/generation', operator: 'Gt', values: ['6'] },
      { key: 'pool', operator: 'NotIn', values: ['batch'] },
    ]);
    expect(summary(drainWeb(nodes, gtAndNotIn))).toStrictEqual(stuckBecause(message));
    const lt = affinity([{ key: 'node.example.com/generation', operator: 'Lt', values: ['6'] }]);
    expect(drainWeb(nodes, lt).rounds[1]?.waitedFor.map((w) => w.node)).toStrictEqual(['node-b']);
    const byName = affinity(
      [{ key: 'pool', operator: 'Exists' }],
      [{ key: 'metadata.name', operator: 'In', values: ['node-c'] }],
    );
    expect(drainWeb(nodes, byName).rounds[1]?.waitedFor.map((w) => w.node)).toStrictEqual([
      'node-c',
    ]);
    const missing = affinity([
      { key: 'gpu', operator: 'DoesNotExist' },
      { key: 'pool', operator: 'In', values: ['batch'] },
    ]);
    expect(drainWeb(nodes, missing).verdict).toBe('completes');
  });

  it('keeps it Pending when its requests do not fit what is left of allocatable; pods without requests fit', () => {
    // node-b: 2 CPUs, 4 GiB allocatable, and web-…-dnx2k already requests 1500m / 3 GiB there.
    const nodes = [
      node('node-a'),
      node('node-b', true, { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } }),
    ];
    const requests = { cpu: '1500m', memory: `${3 * GI}` };
    expect(summary(drainWeb(nodes, { requests }))).toStrictEqual(
      stuckBecause('0/2 nodes are available: 1 Insufficient cpu, 1 node(s) were unschedulable.'),
    );
    expect(summary(drainWeb(nodes, { requests: { cpu: '250m', memory: '3Gi' } }))).toStrictEqual(
      stuckBecause('0/2 nodes are available: 1 Insufficient memory, 1 node(s) were unschedulable.'),
    );
    expect(drainWeb(nodes, { requests: { cpu: '250m', memory: '512Mi' } }).verdict).toBe(
      'completes',
    );
    expect(drainWeb(nodes).verdict).toBe('completes');
  });
});

describe('planDrain says how long a pod stays blocked', () => {
  it('names the unmanaged pods when a percentage budget over bare pods expects 0 (never)', () => {
    const pods = [1, 2].map((i) =>
      pod({
        namespace: 'legacy',
        name: `legacy-worker-${i}`,
        labels: { app: 'legacy-worker' },
        node: 'node-a',
      }),
    );
    const index = new ClusterIndex(
      { now: NOW },
      {
        nodes: [node('node-a'), node('node-b')],
        workloads: [],
        budgets: [labelPdb({ namespace: 'legacy', name: 'legacy-worker', minAvailable: '50%' })],
        pods,
      },
    );
    const plan = planDrain({ index, node: 'node-a', now: NOW, options: { force: true } });
    expect(plan.blocked.map((b) => [b.pod.name, b.reason, b.outlook])).toStrictEqual([
      ['legacy-worker-1', 'unmanaged-pods', 'never'],
      ['legacy-worker-2', 'unmanaged-pods', 'never'],
    ]);
    expect(plan.blocked[0]?.explanation).toBe(
      'legacy-worker (minAvailable 50%) selects only pods that declare no controller (legacy-worker-1, legacy-worker-2). A percentage or maxUnavailable budget counts the expected pods from their controllers, and unmanaged pods have none, so expected pods are 0 and it allows no disruption however many are Ready. Give it an integer minAvailable, or run the pods under a controller.',
    );
  });

  it('is "until" while a crash-looping pod elsewhere could recover, "never" when the budget cannot allow one', () => {
    const web = deployment({
      namespace: 'shop',
      name: 'web',
      replicas: 3,
      unready: 1,
      labels: { app: 'web' },
      nodes: ['node-b', 'node-a', 'node-c'],
    });
    const build = (minAvailable: number) =>
      planDrain({
        index: new ClusterIndex(
          { now: NOW },
          {
            nodes: [node('node-a'), node('node-b'), node('node-c')],
            workloads: [
              ...web.workloads,
              workload({ namespace: 'shop', kind: 'Job', name: 'x', replicas: 1 }),
            ],
            budgets: [labelPdb({ namespace: 'shop', name: 'web', minAvailable })],
            pods: web.pods,
          },
        ),
        node: 'node-a',
        now: NOW,
      }).blocked.map((b) => [b.reason, b.outlook, b.waitsFor.map((p) => p.name)]);
    expect(build(2)).toStrictEqual([
      ['unhealthy-pods-elsewhere', 'until', ['web-6d4f8c7b9-bnx2k']],
    ]);
    expect(build(3)).toStrictEqual([['budget-allows-no-disruption', 'never', []]]);
  });
});
