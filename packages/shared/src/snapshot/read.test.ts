import { describe, expect, it } from 'vitest';
import { readSnapshot } from './read.js';
import fixture from './__fixtures__/cluster.yaml?raw';

const names = (xs: readonly { namespace: string; name: string }[]) =>
  xs.map((x) => `${x.namespace}/${x.name}`);

describe('readSnapshot', () => {
  it('reads the kubectl List of pods, pdb, deploy, rs, sts into the model', () => {
    const s = readSnapshot(fixture);
    expect({
      pods: names(s.pods),
      pdbs: names(s.pdbs),
      workloads: s.workloads.map(
        (w) => `${w.kind} ${w.namespace}/${w.name} replicas=${String(w.replicas)}`,
      ),
      pubs: s.pubs,
      nodes: s.nodes,
      namespaces: s.namespaces,
      ignored: s.ignored,
      errors: s.errors,
    }).toStrictEqual({
      pods: [
        'data/zookeeper-0',
        'data/zookeeper-1',
        'data/zookeeper-2',
        'db/postgres-0',
        'shop/api-5c6d7f8b9-b2c4d',
        'shop/api-5c6d7f8b9-f6g8h',
        'shop/web-7d9f8c6b5-h3v8n',
        'shop/web-7d9f8c6b5-q9m4d',
        'shop/web-7d9f8c6b5-x7k2p',
      ],
      pdbs: ['data/zookeeper', 'db/postgres', 'shop/api', 'shop/backend', 'shop/web'],
      workloads: [
        'Deployment shop/api replicas=2',
        'Deployment shop/web replicas=3',
        'ReplicaSet shop/api-5c6d7f8b9 replicas=2',
        'ReplicaSet shop/web-7d9f8c6b5 replicas=3',
        'StatefulSet data/zookeeper replicas=3',
        'StatefulSet db/postgres replicas=1',
      ],
      pubs: [],
      nodes: [],
      namespaces: [],
      ignored: {},
      errors: [],
    });
    expect(s.pdbs[1]?.spec).toStrictEqual({
      selector: { matchLabels: { app: 'postgres' } },
      maxUnavailable: 0,
    });
    expect(s.pods[3]?.controller?.kind).toStrictEqual('StatefulSet');
  });

  it('reads a multi-document YAML stream, counts unknown kinds and reports malformed objects with their position', () => {
    const text = [
      'apiVersion: v1',
      'kind: Namespace',
      'metadata:',
      '  name: shop',
      '---',
      'apiVersion: policy/v1beta1',
      'kind: PodDisruptionBudget',
      'metadata:',
      '  name: legacy',
      '  namespace: shop',
      'spec:',
      '  minAvailable: 1',
      '  selector: {}',
      '---',
      'apiVersion: v1',
      'kind: Service',
      'metadata: {name: web, namespace: shop}',
      '---',
      'apiVersion: v1',
      'kind: List',
      'items:',
      '- apiVersion: v1',
      '  kind: Pod',
      '  metadata: {namespace: shop}',
      '- apiVersion: policy.kruise.io/v1alpha1',
      '  kind: PodUnavailableBudget',
      '  metadata: {name: web-pub, namespace: shop}',
      '  spec: {targetRef: {apiVersion: apps/v1, kind: Deployment, name: web}, maxUnavailable: 1}',
      '---',
      'kind: Node',
      'metadata: {name: kind-worker}',
      'spec: {unschedulable: true}',
      '---',
      'spec: [unclosed',
      '',
    ].join('\n');
    const s = readSnapshot(text);
    expect({
      namespaces: s.namespaces,
      pdbSelector: s.pdbs.map((p) => [p.apiVersion, p.spec.selector]),
      pubs: s.pubs.map((p) => [p.name, p.spec.targetRef]),
      nodes: s.nodes.map((n) => [n.name, n.unschedulable]),
      ignored: s.ignored,
      errors: s.errors,
    }).toStrictEqual({
      namespaces: ['shop'],
      pdbSelector: [
        [
          'policy/v1beta1',
          {
            matchExpressions: [
              {
                key: 'pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match',
                operator: 'Exists',
              },
            ],
          },
        ],
      ],
      pubs: [['web-pub', { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }]],
      nodes: [['kind-worker', true]],
      ignored: { Service: 1 },
      errors: [
        {
          position: 'document 6 (line 35)',
          error: 'Flow sequence in block collection must be sufficiently indented and end with a ]',
        },
        {
          position: 'document 4 (line 19), items[0] (line 22)',
          object: 'Pod shop/(no name)',
          error: 'Pod without metadata.name',
        },
      ],
    });
  });

  it('reads JSON: a typed list whose items carry no kind, and a bare array', () => {
    const podList = JSON.stringify({
      apiVersion: 'v1',
      kind: 'PodList',
      metadata: { resourceVersion: '9' },
      items: [{ metadata: { name: 'web-0', namespace: 'shop' }, status: { phase: 'Running' } }],
    });
    expect(names(readSnapshot(podList).pods)).toStrictEqual(['shop/web-0']);
    const array = JSON.stringify([
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'data' } },
      42,
    ]);
    const s = readSnapshot(array);
    expect([s.namespaces, s.errors]).toStrictEqual([
      ['data'],
      [{ position: 'document 1, [1]', error: 'not a Kubernetes object (no kind)' }],
    ]);
  });

  it('returns an empty snapshot for empty input and an error for a scalar document', () => {
    expect(readSnapshot('')).toStrictEqual({
      pods: [],
      pdbs: [],
      pubs: [],
      workloads: [],
      nodes: [],
      namespaces: [],
      ignored: {},
      errors: [],
    });
    expect(readSnapshot('just text').errors).toStrictEqual([
      { position: 'document 1', error: 'not a Kubernetes object (no kind)' },
    ]);
  });
});
