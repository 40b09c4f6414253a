import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
  nodeFromObject,
} from './convert.js';
import { asCommonText } from './convert-helpers.js';
import { runningPodObject } from './__fixtures__/running-pod.js';
import { hasReadyCondition } from './ready.js';
import { V1BETA1_EMPTY_SELECTOR_KEY } from './v1beta1.js';

const zkPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'zk-0',
    namespace: 'data',
    uid: '5d2c0f6e-1b0c-4a7e-9d7e-0c2f6a1f0a01',
    resourceVersion: '48213',
    creationTimestamp: '2024-05-01T10:00:00Z',
    labels: { app: 'zookeeper', 'controller-revision-hash': 'zk-7d9f8' },
    annotations: {
      'kubectl.kubernetes.io/restartedAt': '2024-04-30T09:00:00Z',
      'pub.kruise.io/related-pub': 'zk',
    },
    ownerReferences: [
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        name: 'zk',
        uid: 'uid-sts-zk',
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  },
  spec: { nodeName: 'node-a', containers: [{ name: 'zookeeper', image: 'zookeeper:3.9' }] },
  status: {
    phase: 'Running',
    conditions: [
      { type: 'Initialized', status: 'True' },
      { type: 'Ready', status: 'False' },
      { type: 'Ready', status: 'True' },
      {
        type: 'DisruptionTarget',
        status: 'True',
        reason: 'EvictionByEvictionAPI',
        lastTransitionTime: '2024-05-01T11:59:00Z',
      },
    ],
    containerStatuses: [
      { name: 'zookeeper', restartCount: 4, state: { waiting: { reason: 'CrashLoopBackOff' } } },
    ],
  },
};

describe('podFromObject', () => {
  it('keeps only what evaluation and display need; the first Ready condition wins', () => {
    expect(podFromObject(zkPod)).toStrictEqual({
      ok: true,
      value: {
        kind: 'Pod',
        namespace: 'data',
        name: 'zk-0',
        uid: '5d2c0f6e-1b0c-4a7e-9d7e-0c2f6a1f0a01',
        resourceVersion: '48213',
        labels: { app: 'zookeeper', 'controller-revision-hash': 'zk-7d9f8' },
        annotations: { 'pub.kruise.io/related-pub': 'zk' },
        phase: 'Running',
        ready: false,
        restartCount: 4,
        consistent: true,
        // Every pod but a running one of a controller has every field: one shape for them all.
        deletionTimestamp: undefined,
        creationTimestamp: '2024-05-01T10:00:00Z',
        nodeName: 'node-a',
        controller: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zk', uid: 'uid-sts-zk' },
        waitingReason: 'CrashLoopBackOff',
        startupSeconds: undefined,
        emptyDir: undefined,
        scheduling: undefined,
        disruptionTarget: {
          status: 'True',
          reason: 'EvictionByEvictionAPI',
          lastTransitionTime: '2024-05-01T11:59:00Z',
        },
        startTime: undefined,
        nominatedNodeName: undefined,
        restartPolicy: undefined,
        terminationGracePeriodSeconds: undefined,
        localStorageVolumes: undefined,
        // Not Ready by the first condition, and a Ready=False one is there (Karpenter reads any).
        readyFalse: true,
        owners: undefined,
      },
    });
  });

  it('tells a Ready=False condition from none, and keeps the owners besides the controller', () => {
    const pod = (conditions: unknown[], ownerReferences: unknown[] = []) => {
      const r = podFromObject({
        metadata: { name: 'static-web-node-1', namespace: 'kube-system', ownerReferences },
        status: { phase: 'Running', conditions },
      });
      return r.ok ? [r.value.ready, r.value.readyFalse, r.value.owners] : r.error;
    };
    expect(pod([])).toStrictEqual([false, undefined, undefined]);
    expect(pod([{ type: 'Ready', status: 'Unknown' }])).toStrictEqual([
      false,
      undefined,
      undefined,
    ]);
    expect(pod([{ type: 'Ready', status: 'False' }])).toStrictEqual([false, true, undefined]);
    const node = { apiVersion: 'v1', kind: 'Node', name: 'node-1', uid: 'uid-node-1' };
    const rs = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'uid-rs' };
    // A mirror pod's Node owner; a second "controller" is an owner like any other.
    expect(
      pod([], [node, { ...rs, controller: true }, { ...node, controller: true }]),
    ).toStrictEqual([false, undefined, [node, node]]);
  });

  it('reads a running pod of a controller with every field, in the order of any other pod', () => {
    const running = runningPodObject();
    const view = podFromObject(running);
    // The same pod with an emptyDir is made field by field: only its emptyDir (local storage to
    // kubectl and to the Cluster Autoscaler) differs.
    const withEmptyDir = podFromObject({
      ...running,
      spec: { ...running.spec, volumes: [{ name: 'tmp', emptyDir: {} }] },
    });
    expect(view).toStrictEqual({
      ok: true,
      value: {
        kind: 'Pod',
        namespace: 'shop',
        name: 'web-7c9d-abcde',
        uid: 'uid-web-abcde',
        resourceVersion: '7001',
        labels: { app: 'web' },
        annotations: {},
        phase: 'Running',
        ready: true,
        restartCount: 0,
        consistent: true,
        creationTimestamp: '2024-05-01T10:00:00Z',
        nodeName: 'node-a',
        controller: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7c9d', uid: 'uid-rs' },
        startupSeconds: 12,
        scheduling: { requests: { cpuMilli: 250, memoryBytes: 0 } },
        startTime: '2024-05-01T10:00:05Z',
      },
    });
    expect(
      withEmptyDir.ok &&
        JSON.stringify({
          ...withEmptyDir.value,
          emptyDir: undefined,
          localStorageVolumes: undefined,
        }),
    ).toBe(view.ok && JSON.stringify(view.value));
  });

  it('keeps what kubectl drain and the scheduler read: mirror annotation, emptyDir, requests, tolerations, node selection', () => {
    const converted = podFromObject({
      metadata: {
        name: 'kube-proxy-worker-1',
        namespace: 'kube-system',
        annotations: { 'kubernetes.io/config.mirror': '0f3c', 'example.com/team': 'net' },
      },
      spec: {
        volumes: [
          { name: 'config', configMap: { name: 'x' } },
          { name: 'tmp', emptyDir: {} },
        ],
        initContainers: [{ name: 'init', resources: { requests: { cpu: '2', memory: '64Mi' } } }],
        containers: [
          { name: 'a', resources: { requests: { cpu: '500m', memory: '1Gi' } } },
          { name: 'b', resources: { requests: { cpu: '0.25' } } },
        ],
        overhead: { cpu: '100m' },
        nodeSelector: { 'kubernetes.io/os': 'linux' },
        tolerations: [{ operator: 'Exists' }],
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] },
              ],
            },
          },
        },
      },
    });
    expect(
      converted.ok && [
        converted.value.annotations,
        converted.value.emptyDir,
        converted.value.scheduling,
      ],
    ).toStrictEqual([
      { 'kubernetes.io/config.mirror': '0f3c' },
      true,
      {
        // max(0.75 CPU of the containers, 2 of the init container) + 0.1 overhead.
        requests: { cpuMilli: 2100, memoryBytes: 2 ** 30 },
        nodeSelector: { 'kubernetes.io/os': 'linux' },
        tolerations: [{ operator: 'Exists' }],
        requiredNodeAffinity: [
          { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] },
        ],
      },
    ]);
  });

  it('keeps what preemption, the Cluster Autoscaler and Karpenter read of a pod', () => {
    const converted = podFromObject({
      metadata: {
        name: 'etl-28461',
        namespace: 'batch',
        annotations: {
          'cluster-autoscaler.kubernetes.io/safe-to-evict': 'false',
          'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes': 'scratch',
          'cluster-autoscaler.kubernetes.io/daemonset-pod': 'true',
          'karpenter.sh/do-not-disrupt': '30m',
          'karpenter.sh/nodepool': 'default',
          'example.com/owner': 'data',
        },
      },
      spec: {
        priority: 0,
        priorityClassName: 'batch-low',
        preemptionPolicy: 'Never',
        restartPolicy: 'OnFailure',
        terminationGracePeriodSeconds: 120,
        volumes: [
          { name: 'scratch', emptyDir: {} },
          { name: 'shm', emptyDir: { medium: 'Memory' } },
          { name: 'host', hostPath: { path: '/var/lib/etl' } },
          { name: 'config', configMap: { name: 'etl' } },
        ],
        containers: [{ name: 'etl' }],
      },
      status: {
        phase: 'Pending',
        nominatedNodeName: 'worker-2',
        startTime: '2024-05-01T10:00:05Z',
      },
    });
    expect(
      converted.ok && {
        annotations: converted.value.annotations,
        scheduling: converted.value.scheduling,
        startTime: converted.value.startTime,
        nominatedNodeName: converted.value.nominatedNodeName,
        restartPolicy: converted.value.restartPolicy,
        terminationGracePeriodSeconds: converted.value.terminationGracePeriodSeconds,
        localStorageVolumes: converted.value.localStorageVolumes,
      },
    ).toStrictEqual({
      annotations: {
        'cluster-autoscaler.kubernetes.io/safe-to-evict': 'false',
        'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes': 'scratch',
        'cluster-autoscaler.kubernetes.io/daemonset-pod': 'true',
        'karpenter.sh/do-not-disrupt': '30m',
      },
      // Priority 0 is a value: the pod was admitted with it.
      scheduling: { priority: 0, priorityClassName: 'batch-low', preemptionPolicy: 'Never' },
      startTime: '2024-05-01T10:00:05Z',
      nominatedNodeName: 'worker-2',
      restartPolicy: 'OnFailure',
      terminationGracePeriodSeconds: 120,
      // The in-memory emptyDir is not on the node's disk.
      localStorageVolumes: ['scratch', 'host'],
    });
    // The defaults are not kept: Always, 30 s, PreemptLowerPriority.
    const defaults = podFromObject({
      metadata: { name: 'web-1', namespace: 'shop' },
      spec: {
        restartPolicy: 'Always',
        terminationGracePeriodSeconds: 30,
        preemptionPolicy: 'PreemptLowerPriority',
      },
    });
    expect(
      defaults.ok && [
        defaults.value.restartPolicy,
        defaults.value.terminationGracePeriodSeconds,
        defaults.value.scheduling,
      ],
    ).toStrictEqual([undefined, undefined, undefined]);
  });

  it('reports an object without a name as data, not an exception', () => {
    expect(podFromObject({ kind: 'Pod', metadata: {} })).toStrictEqual({
      ok: false,
      error: 'Pod without metadata.name',
    });
    expect(podFromObject('garbage')).toStrictEqual({
      ok: false,
      error: 'Pod without metadata.name',
    });
  });

  it('reads readiness as hasReadyCondition does and keeps the first DisruptionTarget, whatever the conditions', () => {
    const condition = fc.oneof(
      fc.record({
        type: fc.constantFrom('Ready', 'DisruptionTarget', 'PodScheduled', 'ContainersReady'),
        status: fc.constantFrom('True', 'False', 'Unknown'),
        reason: fc.constantFrom('EvictionByEvictionAPI', 'DeletionByTaintManager'),
      }),
      fc.constantFrom(null, 'Ready', 7, []),
    );
    fc.assert(
      fc.property(fc.array(condition, { maxLength: 6 }), (conditions) => {
        const raw = { ...zkPod, status: { phase: 'Running', conditions } };
        const converted = podFromObject(raw);
        if (!converted.ok) throw new Error(converted.error);
        const first = conditions.find(
          (c) =>
            typeof c === 'object' &&
            c !== null &&
            !Array.isArray(c) &&
            c.type === 'DisruptionTarget',
        ) as { status: string; reason: string } | undefined;
        expect({
          ready: converted.value.ready,
          disruptionTarget: converted.value.disruptionTarget,
        }).toStrictEqual({
          ready: hasReadyCondition(raw),
          disruptionTarget: first ? { status: first.status, reason: first.reason } : undefined,
        });
      }),
    );
  });
});

describe('pdbFromObject', () => {
  const pdb = (apiVersion: string, spec: unknown) => ({
    apiVersion,
    kind: 'PodDisruptionBudget',
    metadata: {
      name: 'zk',
      namespace: 'data',
      uid: 'uid-pdb-zk',
      generation: 2,
      resourceVersion: '9',
    },
    spec,
    status: {
      observedGeneration: 1,
      disruptionsAllowed: 0,
      currentHealthy: 3,
      desiredHealthy: 2,
      expectedPods: 3,
    },
  });

  it('keeps invalid values as written so validation can name them', () => {
    const r = pdbFromObject(
      pdb('policy/v1', { minAvailable: 'abc%', selector: { matchLabels: { app: 'zk' } } }),
    );
    expect(r.ok && r.value.spec).toStrictEqual({
      selector: { matchLabels: { app: 'zk' } },
      minAvailable: 'abc%',
    });
    expect(r.ok && r.value.status).toStrictEqual({
      observedGeneration: 1,
      disruptedPods: {},
      disruptionsAllowed: 0,
      currentHealthy: 3,
      desiredHealthy: 2,
      expectedPods: 3,
      conditions: [],
    });
  });

  it('keeps an absent selector as null (matches nothing)', () => {
    const r = pdbFromObject(pdb('policy/v1', { maxUnavailable: 1 }));
    expect(r.ok && r.value.spec.selector).toBe(null);
  });

  it('gives a v1beta1 empty selector its match-nothing meaning', () => {
    const r = pdbFromObject(pdb('policy/v1beta1', { minAvailable: 1, selector: {} }));
    expect(r.ok && r.value.apiVersion).toBe('policy/v1beta1');
    expect(r.ok && r.value.spec.selector).toStrictEqual({
      matchExpressions: [{ key: V1BETA1_EMPTY_SELECTOR_KEY, operator: 'Exists' }],
    });
  });
});

describe('pubFromObject', () => {
  it('promotes v1alpha1 annotations into spec fields', () => {
    const r = pubFromObject({
      apiVersion: 'policy.kruise.io/v1alpha1',
      kind: 'PodUnavailableBudget',
      metadata: {
        name: 'web',
        namespace: 'shop',
        uid: 'uid-pub-web',
        generation: 1,
        annotations: { 'kruise.io/pub-protect-operations': 'DELETE,EVICT' },
      },
      spec: {
        targetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        maxUnavailable: '25%',
      },
    });
    expect(r.ok && r.value.spec).toStrictEqual({
      targetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      maxUnavailable: '25%',
      protectOperations: ['DELETE', 'EVICT'],
    });
  });
});

describe('workloadFromObject and nodeFromObject', () => {
  it('defaults replicas to 1 for built-in workloads and reads the controller', () => {
    const r = workloadFromObject({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: 'web-6d4cf56db6',
        namespace: 'shop',
        uid: 'uid-rs',
        resourceVersion: '77',
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: 'web',
            uid: 'uid-dep',
            controller: true,
          },
        ],
      },
      spec: { selector: { matchLabels: { app: 'web' } } },
    });
    expect(r).toStrictEqual({
      ok: true,
      value: {
        kind: 'ReplicaSet',
        apiVersion: 'apps/v1',
        namespace: 'shop',
        name: 'web-6d4cf56db6',
        uid: 'uid-rs',
        resourceVersion: '77',
        replicas: 1,
        selector: { matchLabels: { app: 'web' } },
        controller: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'uid-dep' },
        labels: {},
      },
    });
  });

  it('reads node readiness, cordoning, taints, conditions and quantities', () => {
    const r = nodeFromObject({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: 'node-a',
        uid: 'uid-node-a',
        resourceVersion: '5',
        labels: { 'kubernetes.io/hostname': 'node-a' },
      },
      spec: {
        unschedulable: true,
        taints: [
          { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: null },
          { key: 'dedicated', value: 'gpu', effect: 'NoExecute' },
          { effect: 'NoSchedule' },
        ],
      },
      status: {
        capacity: { cpu: '8', memory: '32Gi', pods: '110' },
        allocatable: { cpu: '7910m', memory: '31Gi', pods: '110' },
        conditions: [
          {
            type: 'Ready',
            status: 'True',
            reason: 'KubeletReady',
            message: 'kubelet is posting ready status',
            lastHeartbeatTime: '2026-11-21T19:40:00Z',
            lastTransitionTime: '2026-11-01T08:00:00Z',
          },
          { type: 'DiskPressure', status: 'False' },
        ],
      },
    });
    expect(r).toStrictEqual({
      ok: true,
      value: {
        kind: 'Node',
        name: 'node-a',
        uid: 'uid-node-a',
        resourceVersion: '5',
        labels: { 'kubernetes.io/hostname': 'node-a' },
        unschedulable: true,
        ready: true,
        taints: [
          { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
          { key: 'dedicated', value: 'gpu', effect: 'NoExecute' },
        ],
        conditions: [
          {
            type: 'Ready',
            status: 'True',
            reason: 'KubeletReady',
            message: 'kubelet is posting ready status',
            lastTransitionTime: '2026-11-01T08:00:00Z',
          },
          { type: 'DiskPressure', status: 'False' },
        ],
        capacity: { cpu: '8', memory: '32Gi', pods: '110' },
        allocatable: { cpu: '7910m', memory: '31Gi', pods: '110' },
      },
    });
  });

  it("keeps a node's karpenter.sh/do-not-disrupt annotation and no other", () => {
    const annotated = (annotations: Record<string, string>) => {
      const r = nodeFromObject({ metadata: { name: 'node-b', annotations } });
      return r.ok ? r.value.annotations : r.error;
    };
    expect(
      annotated({ 'karpenter.sh/do-not-disrupt': 'true', 'node.alpha.kubernetes.io/ttl': '0' }),
    ).toStrictEqual({ 'karpenter.sh/do-not-disrupt': 'true' });
    expect(annotated({ 'node.alpha.kubernetes.io/ttl': '0' })).toBeUndefined();
  });
});

describe('asCommonText', () => {
  it('reads a common apiVersion or kind, any other text as it is, and a non-string as absent', () => {
    expect(
      ['apps/v1', 'ReplicaSet', 'example.com/v2', 'Widget', 7, null].map(asCommonText),
    ).toStrictEqual(['apps/v1', 'ReplicaSet', 'example.com/v2', 'Widget', undefined, undefined]);
  });
});
