import { describe, expect, it } from 'vitest';
import { unreadableObjectFindings } from '../findings/unreadable.js';
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

  it("reads Karpenter's NodePools and NodeClaims, with the API's disruption defaults", () => {
    const text = `apiVersion: v1
kind: List
items:
  - apiVersion: karpenter.sh/v1
    kind: NodePool
    metadata: { name: general, uid: uid-np }
    spec:
      template: { metadata: { labels: { team: web } }, spec: {} }
      disruption:
        consolidationPolicy: WhenEmpty
        consolidateAfter: 5m
        budgets:
          - { nodes: '20%', reasons: [Drifted] }
          - { nodes: '0', schedule: '0 9 * * mon-fri', duration: 8h }
  - apiVersion: karpenter.sh/v1
    kind: NodePool
    metadata: { name: spot }
    spec: { template: { spec: {} } }
  - apiVersion: karpenter.sh/v1
    kind: NodeClaim
    metadata:
      name: general-x7k2p
      labels: { karpenter.sh/nodepool: general }
      annotations: { karpenter.sh/do-not-disrupt: 'true', example.com/owner: web }
    spec: { terminationGracePeriod: 48h }
    status:
      nodeName: ip-10-0-1-17.ec2.internal
      conditions: [{ type: Initialized, status: 'True' }]
  - apiVersion: example.com/v1
    kind: NodePool
    metadata: { name: not-karpenter }
`;
    const s = readSnapshot(text);
    expect([s.nodePools, s.nodeClaims, s.ignored, s.errors]).toStrictEqual([
      [
        {
          kind: 'NodePool',
          name: 'general',
          uid: 'uid-np',
          resourceVersion: '',
          consolidationPolicy: 'WhenEmpty',
          consolidateAfter: '5m',
          budgets: [
            { nodes: '20%', reasons: ['Drifted'] },
            { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' },
          ],
          templateLabels: { team: 'web' },
        },
        {
          kind: 'NodePool',
          name: 'spot',
          uid: '',
          resourceVersion: '',
          consolidationPolicy: 'WhenEmptyOrUnderutilized',
          budgets: [{ nodes: '10%' }],
          templateLabels: {},
        },
      ],
      [
        {
          kind: 'NodeClaim',
          name: 'general-x7k2p',
          uid: '',
          resourceVersion: '',
          labels: { 'karpenter.sh/nodepool': 'general' },
          annotations: { 'karpenter.sh/do-not-disrupt': 'true' },
          nodeName: 'ip-10-0-1-17.ec2.internal',
          terminationGracePeriod: '48h',
          conditions: [{ type: 'Initialized', status: 'True' }],
        },
      ],
      { NodePool: 1 },
      [],
    ]);
    // A snapshot without them has neither list.
    expect(readSnapshot('apiVersion: v1\nkind: List\nitems: []\n').nodePools).toBeUndefined();
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

  it('reads PriorityClasses (cluster-scoped) and reports one without a 32-bit value', () => {
    const text = [
      'apiVersion: scheduling.k8s.io/v1',
      'kind: PriorityClass',
      'metadata: {name: batch-low, uid: uid-pc-1, resourceVersion: "7"}',
      'value: -10',
      'globalDefault: true',
      'preemptionPolicy: Never',
      'description: Batch work that waits for room.',
      '---',
      'apiVersion: scheduling.k8s.io/v1',
      'kind: PriorityClass',
      'metadata: {name: huge}',
      'value: 3000000000',
    ].join('\n');
    const s = readSnapshot(text);
    expect([s.priorityClasses, s.errors]).toStrictEqual([
      [
        {
          kind: 'PriorityClass',
          name: 'batch-low',
          uid: 'uid-pc-1',
          resourceVersion: '7',
          value: -10,
          globalDefault: true,
          preemptionPolicy: 'Never',
          description: 'Batch work that waits for room.',
        },
      ],
      [
        {
          position: 'document 2 (line 9)',
          object: 'PriorityClass huge',
          ref: { kind: 'PriorityClass', namespace: '', name: 'huge' },
          error: 'PriorityClass huge without a 32-bit integer value',
        },
      ],
    ]);
  });

  it('returns an empty snapshot for empty input and an error for a scalar document', () => {
    expect(readSnapshot('')).toStrictEqual({
      pods: [],
      pdbs: [],
      pubs: [],
      workloads: [],
      nodes: [],
      priorityClasses: [],
      namespaces: [],
      ignored: {},
      errors: [],
    });
    expect(readSnapshot('just text').errors).toStrictEqual([
      { position: 'document 1', error: 'not a Kubernetes object (no kind)' },
    ]);
  });
});

describe('readSnapshot: names and namespaces', () => {
  const pod = (metadata: Record<string, unknown>) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { uid: `uid-${String(metadata['name'])}`, ...metadata },
    spec: { nodeName: 'worker-1', containers: [{ name: 'app', image: 'nginx:1.27' }] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  });
  const longest = `${'a'.repeat(61)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}`;
  const list = {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      pod({ name: 'web.v1.2-0', namespace: 'shop' }),
      pod({ name: longest, namespace: 'shop' }),
      pod({ name: `${longest}e`, namespace: 'shop' }),
      pod({ name: 'café-ü', namespace: 'shop' }),
      pod({ name: 'orphan' }),
      pod({ name: 'web-0', namespace: 'Shop_EU' }),
      pod({ name: 'web.v1.2-0', namespace: 'shop' }),
      {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: 'worker-1.eu-west-1.compute.internal' },
        spec: {},
        status: {},
      },
    ],
  };
  const subdomain =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

  it('reads dotted and 253-character names, a namespaceless pod into the default namespace; refuses invalid names and duplicates, saying why', () => {
    const s = readSnapshot(JSON.stringify(list));
    expect([names(s.pods), s.nodes.map((n) => n.name), s.placedInNamespace]).toStrictEqual([
      ['shop/web.v1.2-0', `shop/${longest}`, 'default/orphan'],
      ['worker-1.eu-west-1.compute.internal'],
      { namespace: 'default', count: 1 },
    ]);
    expect(s.errors).toStrictEqual([
      {
        position: 'document 1, items[2]',
        object: `Pod shop/${longest}e`,
        error: `metadata.name: Invalid value: "${longest}e": must be no more than 253 characters`,
      },
      {
        position: 'document 1, items[3]',
        object: 'Pod shop/café-ü',
        error: `metadata.name: Invalid value: "café-ü": ${subdomain}`,
      },
      {
        position: 'document 1, items[5]',
        object: 'Pod Shop_EU/web-0',
        error:
          "metadata.namespace: Invalid value: \"Shop_EU\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      },
      {
        position: 'document 1, items[6]',
        object: 'Pod shop/web.v1.2-0',
        ref: { kind: 'Pod', namespace: 'shop', name: 'web.v1.2-0' },
        error:
          'a duplicate: the Pod of this namespace and name at document 1, items[0] came first and is kept',
      },
    ]);
  });

  it('makes each unreadable object a finding: rule, object, why', () => {
    const s = readSnapshot(JSON.stringify(list));
    const findings = unreadableObjectFindings(s.errors);
    expect(findings.map((f) => [f.id, f.kind, f.severity, f.object])).toStrictEqual([
      [
        `unreadable-object:Snapshot//document 1, items[2]:document 1, items[2]`,
        'unreadable-object',
        'warning',
        { kind: 'Snapshot', namespace: '', name: 'document 1, items[2]' },
      ],
      [
        'unreadable-object:Snapshot//document 1, items[3]:document 1, items[3]',
        'unreadable-object',
        'warning',
        { kind: 'Snapshot', namespace: '', name: 'document 1, items[3]' },
      ],
      [
        'unreadable-object:Snapshot//document 1, items[5]:document 1, items[5]',
        'unreadable-object',
        'warning',
        { kind: 'Snapshot', namespace: '', name: 'document 1, items[5]' },
      ],
      [
        'unreadable-object:Pod/shop/web.v1.2-0:document 1, items[6]',
        'unreadable-object',
        'warning',
        { kind: 'Pod', namespace: 'shop', name: 'web.v1.2-0' },
      ],
    ]);
    expect(findings[3]?.message).toBe(
      'Pod shop/web.v1.2-0 at document 1, items[6] could not be read: a duplicate: the Pod of this namespace and name at document 1, items[0] came first and is kept. It is left out of every budget, pod and node shown.',
    );
  });
});
