import type { KubeObject, ObjectStore } from '../../store/index.js';

export function namespace(name: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

export function node(name: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'node-role.kubernetes.io/worker': '',
      },
    },
    spec: { podCIDR: '10.244.1.0/24' },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
        },
      ],
      addresses: [
        { type: 'InternalIP', address: '172.18.0.3' },
        { type: 'Hostname', address: name },
      ],
      nodeInfo: {
        kubeletVersion: 'v1.32.0',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        kernelVersion: '6.1.0-18-amd64',
        containerRuntimeVersion: 'containerd://1.7.13',
      },
    },
  };
}

export interface PodFixture {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  nodeName?: string;
  ready?: boolean;
  phase?: string;
  ip?: string;
}

export function pod({
  name,
  namespace = 'shop',
  labels = { app: 'web' },
  nodeName = 'node-a',
  ready = true,
  phase = 'Running',
  ip = '10.244.1.7',
}: PodFixture): KubeObject {
  const status = ready ? 'True' : 'False';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      labels,
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'web-7d4b9c8f5d',
          uid: 'rs-web-uid',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      nodeName,
      terminationGracePeriodSeconds: 30,
      containers: [
        { name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80, protocol: 'TCP' }] },
      ],
    },
    status: {
      phase,
      podIP: ip,
      conditions: [
        {
          type: 'Initialized',
          status: 'True',
          lastProbeTime: null,
          lastTransitionTime: '2024-05-01T11:00:00Z',
        },
        { type: 'Ready', status, lastProbeTime: null, lastTransitionTime: '2024-05-01T11:00:05Z' },
        {
          type: 'ContainersReady',
          status,
          lastProbeTime: null,
          lastTransitionTime: '2024-05-01T11:00:05Z',
        },
        {
          type: 'PodScheduled',
          status: 'True',
          lastProbeTime: null,
          lastTransitionTime: '2024-05-01T11:00:00Z',
        },
      ],
      containerStatuses: [
        {
          name: 'web',
          ready,
          restartCount: 0,
          image: 'nginx:1.27',
          state: { running: { startedAt: '2024-05-01T11:00:02Z' } },
        },
      ],
    },
  };
}

export function deployment(name: string, replicas: number, namespace = 'shop'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name, image: 'nginx:1.27' }] },
      },
      strategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' },
      },
    },
    status: {
      observedGeneration: 1,
      replicas,
      readyReplicas: replicas,
      updatedReplicas: replicas,
      availableReplicas: replicas,
    },
  };
}

export function pdb(name: string, spec: Record<string, unknown>, namespace = 'shop'): KubeObject {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace },
    spec,
  };
}

/** A small shop: two nodes, three web pods (one on node-b), a PDB allowing one disruption. */
export function seedShop(store: ObjectStore): void {
  const must = (r: { ok: boolean }): void => {
    if (!r.ok) throw new Error(`seed failed: ${JSON.stringify(r)}`);
  };
  must(store.create('namespaces', namespace('shop')));
  must(store.create('namespaces', namespace('default')));
  must(store.create('nodes', node('node-a')));
  must(store.create('nodes', node('node-b')));
  must(store.create('deployments', deployment('web', 3)));
  must(store.create('pods', pod({ name: 'web-1', ip: '10.244.1.7' })));
  must(store.create('pods', pod({ name: 'web-2', ip: '10.244.1.8' })));
  must(store.create('pods', pod({ name: 'web-3', nodeName: 'node-b', ip: '10.244.2.4' })));
  must(
    store.create(
      'poddisruptionbudgets',
      {
        ...pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } }),
        status: {
          observedGeneration: 1,
          disruptionsAllowed: 1,
          currentHealthy: 3,
          desiredHealthy: 2,
          expectedPods: 3,
          disruptedPods: {},
          conditions: [
            {
              type: 'DisruptionAllowed',
              status: 'True',
              reason: 'SufficientPods',
              message: '',
              observedGeneration: 1,
              lastTransitionTime: '2024-05-01T11:00:10Z',
            },
          ],
        },
      },
      { preserveStatus: true },
    ),
  );
}
