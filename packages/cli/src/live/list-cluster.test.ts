import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { kubeConfigFromString } from '@pdbscope/bff/list';
import { readSnapshot } from '@pdbscope/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCluster } from './list-cluster.js';

// An API server that serves what the simulator does not yet: DaemonSets, PriorityClasses and
// Karpenter's NodePools; it refuses Jobs (403) and has no OpenKruise (404), as real ones do.
const meta = (name: string, namespace?: string) => ({
  name,
  ...(namespace !== undefined ? { namespace } : {}),
  uid: `uid-${name}`,
  resourceVersion: '41',
});
const OBJECTS = {
  '/api/v1/pods': [
    {
      metadata: {
        ...meta('fluent-bit-x7k2p', 'logging'),
        labels: { app: 'fluent-bit' },
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'DaemonSet',
            name: 'fluent-bit',
            uid: 'uid-fluent-bit',
            controller: true,
          },
        ],
      },
      spec: {
        nodeName: 'worker-1',
        priorityClassName: 'logging-critical',
        containers: [{ name: 'fluent-bit', image: 'fluent/fluent-bit:3.1' }],
      },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    },
  ],
  '/api/v1/nodes': [
    {
      metadata: { ...meta('worker-1'), labels: { 'karpenter.sh/nodepool': 'general' } },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    },
  ],
  '/apis/apps/v1/deployments': [],
  '/apis/apps/v1/replicasets': [],
  '/apis/apps/v1/statefulsets': [],
  '/api/v1/replicationcontrollers': [],
  '/apis/apps/v1/daemonsets': [
    {
      metadata: meta('fluent-bit', 'logging'),
      spec: { selector: { matchLabels: { app: 'fluent-bit' } } },
      status: { desiredNumberScheduled: 1, numberReady: 1 },
    },
  ],
  '/apis/policy/v1/poddisruptionbudgets': [
    {
      metadata: { ...meta('fluent-bit', 'logging'), generation: 1 },
      spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'fluent-bit' } } },
      status: {
        observedGeneration: 1,
        currentHealthy: 1,
        desiredHealthy: 0,
        expectedPods: 1,
        disruptionsAllowed: 1,
      },
    },
  ],
  '/apis/scheduling.k8s.io/v1/priorityclasses': [
    {
      metadata: meta('logging-critical'),
      value: 1000000,
      preemptionPolicy: 'PreemptLowerPriority',
    },
  ],
  '/apis/karpenter.sh/v1/nodepools': [
    {
      metadata: meta('general'),
      spec: {
        disruption: {
          consolidationPolicy: 'WhenEmptyOrUnderutilized',
          budgets: [{ nodes: '10%' }],
        },
      },
    },
  ],
  '/apis/karpenter.sh/v1/nodeclaims': [],
} as const;
const KINDS: Record<string, [string, string]> = {
  pods: ['v1', 'Pod'],
  nodes: ['v1', 'Node'],
  daemonsets: ['apps/v1', 'DaemonSet'],
  poddisruptionbudgets: ['policy/v1', 'PodDisruptionBudget'],
  priorityclasses: ['scheduling.k8s.io/v1', 'PriorityClass'],
  nodepools: ['karpenter.sh/v1', 'NodePool'],
};
const GROUPS: Record<string, string> = { '/apis/policy': 'v1', '/apis/karpenter.sh': 'v1' };

let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const version = GROUPS[path];
    if (version !== undefined)
      return answer(200, { versions: [{ version }], preferredVersion: { version } });
    if (path === '/apis/batch/v1/jobs')
      return answer(403, { kind: 'Status', message: 'jobs.batch is forbidden', code: 403 });
    const items = OBJECTS[path as keyof typeof OBJECTS];
    if (items === undefined) return answer(404, { kind: 'Status', code: 404 });
    return answer(200, { metadata: { resourceVersion: '41' }, items });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const kubeconfig = () => `apiVersion: v1
kind: Config
clusters: [{ name: c, cluster: { server: "${url}", insecure-skip-tls-verify: true } }]
users: [{ name: u, user: { token: t } }]
contexts: [{ name: c, context: { cluster: c, user: u } }]
current-context: c
`;

describe('listCluster', () => {
  it('lists what a snapshot of the cluster holds, and says which kind it was refused', async () => {
    const warnings: string[] = [];
    const listed = await listCluster({
      cluster: kubeConfigFromString(kubeconfig()),
      progress: { listed() {}, done() {} },
      warn: (line) => warnings.push(line),
    });
    // The same objects as kubectl's List prints them (kind and apiVersion on every item).
    const items = Object.entries(OBJECTS).flatMap(([path, objects]) => {
      const [apiVersion, kind] = KINDS[path.split('/').at(-1) ?? ''] ?? [];
      return objects.map((o) => ({ apiVersion, kind, ...o }));
    });
    expect([listed, warnings]).toStrictEqual([
      { ok: true, value: readSnapshot(JSON.stringify({ apiVersion: 'v1', kind: 'List', items })) },
      [
        'pdbscope: not listed, jobs.batch: forbidden: 403 jobs.batch is forbidden (GET /apis/batch/v1/jobs?limit=500)\n',
      ],
    ]);
  });
});
