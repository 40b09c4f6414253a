// Small, realistic Kubernetes objects for index, plan and drain tests, converted through the model's
// own conversions so the views are exactly what the BFF would hold.
import type { PdbView, PubView } from '../../model/budget.js';
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
} from '../../model/convert.js';
import type { NodeView } from '../../model/node.js';
import type { PodView } from '../../model/pod.js';
import type { WorkloadView } from '../../model/workload.js';
import type { Result } from '../../result/index.js';

export const NOW = new Date('2024-05-01T12:00:00Z');
const CREATED = '2024-04-01T08:00:00Z';

function value<T>(c: Result<T>): T {
  if (!c.ok) throw new Error(c.error);
  return c.value;
}

const uid = (kind: string, ns: string, name: string): string =>
  `uid-${kind.toLowerCase()}-${ns}-${name}`;

/** A node; `extra` adds to its spec (taints, unschedulable), status (allocatable) and labels. */
export function node(
  name: string,
  ready = true,
  extra: {
    labels?: Record<string, string>;
    spec?: Record<string, unknown>;
    allocatable?: Record<string, string>;
  } = {},
): NodeView {
  return value(
    nodeFromObject({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name,
        uid: uid('Node', '', name),
        resourceVersion: '100',
        labels: { 'kubernetes.io/hostname': name, ...extra.labels },
      },
      ...(extra.spec ? { spec: extra.spec } : {}),
      status: {
        conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
        ...(extra.allocatable ? { allocatable: extra.allocatable } : {}),
      },
    }),
  );
}

export interface PodInput {
  namespace?: string;
  name: string;
  labels: Record<string, string>;
  /** Owner: `ReplicaSet/web-6d4f8` style; omitted for bare pods. */
  owner?: { kind: string; name: string; apiVersion?: string };
  node?: string;
  ready?: boolean;
  phase?: string;
  deleting?: boolean;
  annotations?: Record<string, string>;
  /** Added to the pod spec: volumes, nodeSelector, tolerations, affinity. */
  spec?: Record<string, unknown>;
  /** The container's `resources.requests`, e.g. `{ cpu: '500m', memory: '1Gi' }`. */
  requests?: Record<string, string>;
}

export function pod(input: PodInput): PodView {
  const ns = input.namespace ?? 'default';
  const ready = input.ready ?? true;
  const owner = input.owner;
  return value(
    podFromObject({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: input.name,
        namespace: ns,
        uid: uid('Pod', ns, input.name),
        resourceVersion: '200',
        creationTimestamp: CREATED,
        labels: input.labels,
        ...(input.annotations ? { annotations: input.annotations } : {}),
        ...(input.deleting ? { deletionTimestamp: '2024-05-01T11:59:50Z' } : {}),
        ...(owner
          ? {
              ownerReferences: [
                {
                  apiVersion: owner.apiVersion ?? 'apps/v1',
                  kind: owner.kind,
                  name: owner.name,
                  uid: uid(owner.kind, ns, owner.name),
                  controller: true,
                },
              ],
            }
          : {}),
      },
      spec: {
        ...(input.node ? { nodeName: input.node } : {}),
        containers: [
          {
            name: 'main',
            image: 'registry.example.com/app:1.0',
            ...(input.requests ? { resources: { requests: input.requests } } : {}),
          },
        ],
        ...input.spec,
      },
      status: {
        phase: input.phase ?? 'Running',
        conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
        containerStatuses: [
          {
            name: 'main',
            ready,
            restartCount: ready ? 0 : 12,
            ...(ready ? {} : { state: { waiting: { reason: 'CrashLoopBackOff' } } }),
          },
        ],
      },
    }),
  );
}

export function workload(input: {
  namespace?: string;
  kind: string;
  name: string;
  replicas: number;
  owner?: { kind: string; name: string };
  apiVersion?: string;
}): WorkloadView {
  const ns = input.namespace ?? 'default';
  return value(
    workloadFromObject({
      apiVersion: input.apiVersion ?? 'apps/v1',
      kind: input.kind,
      metadata: {
        name: input.name,
        namespace: ns,
        uid: uid(input.kind, ns, input.name),
        resourceVersion: '300',
        ...(input.owner
          ? {
              ownerReferences: [
                {
                  apiVersion: 'apps/v1',
                  kind: input.owner.kind,
                  name: input.owner.name,
                  uid: uid(input.owner.kind, ns, input.owner.name),
                  controller: true,
                },
              ],
            }
          : {}),
      },
      spec: { replicas: input.replicas },
    }),
  );
}

export interface PdbInput {
  namespace?: string;
  name: string;
  selector?: unknown;
  minAvailable?: number | string;
  maxUnavailable?: number | string;
  unhealthyPodEvictionPolicy?: string;
  disruptedPods?: Record<string, string>;
  generation?: number;
  observedGeneration?: number;
  /** The reported counters (all 0 unless given), as the disruption controller last wrote them. */
  reported?: {
    expectedPods: number;
    desiredHealthy: number;
    currentHealthy: number;
    disruptionsAllowed: number;
  };
}

/** A PDB as stored after its first sync (observedGeneration = generation), unless told otherwise. */
export function pdb(input: PdbInput): PdbView {
  const ns = input.namespace ?? 'default';
  const generation = input.generation ?? 1;
  return value(
    pdbFromObject({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: {
        name: input.name,
        namespace: ns,
        uid: uid('PDB', ns, input.name),
        generation,
        resourceVersion: '400',
        creationTimestamp: CREATED,
      },
      spec: {
        ...(input.selector !== undefined ? { selector: input.selector } : {}),
        ...(input.minAvailable !== undefined ? { minAvailable: input.minAvailable } : {}),
        ...(input.maxUnavailable !== undefined ? { maxUnavailable: input.maxUnavailable } : {}),
        ...(input.unhealthyPodEvictionPolicy
          ? { unhealthyPodEvictionPolicy: input.unhealthyPodEvictionPolicy }
          : {}),
      },
      status: {
        observedGeneration: input.observedGeneration ?? generation,
        disruptionsAllowed: 0,
        currentHealthy: 0,
        desiredHealthy: 0,
        expectedPods: 0,
        ...input.reported,
        ...(input.disruptedPods ? { disruptedPods: input.disruptedPods } : {}),
      },
    }),
  );
}

/** A PDB selecting by labels: `app: <its name>` unless `matchLabels` says otherwise. */
export function labelPdb(
  input: Omit<PdbInput, 'selector'> & { matchLabels?: Record<string, string> },
): PdbView {
  const { matchLabels, ...rest } = input;
  return pdb({ ...rest, selector: { matchLabels: matchLabels ?? { app: input.name } } });
}

export interface PubInput {
  namespace?: string;
  name: string;
  selector?: unknown;
  targetRef?: { apiVersion: string; kind: string; name: string };
  maxUnavailable?: number | string;
  minAvailable?: number | string;
}

export function pub(input: PubInput): PubView {
  const ns = input.namespace ?? 'default';
  return value(
    pubFromObject({
      apiVersion: 'policy.kruise.io/v1alpha1',
      kind: 'PodUnavailableBudget',
      metadata: {
        name: input.name,
        namespace: ns,
        uid: uid('PUB', ns, input.name),
        generation: 1,
        resourceVersion: '500',
      },
      spec: {
        ...(input.selector !== undefined ? { selector: input.selector } : {}),
        ...(input.targetRef ? { targetRef: input.targetRef } : {}),
        ...(input.maxUnavailable !== undefined ? { maxUnavailable: input.maxUnavailable } : {}),
        ...(input.minAvailable !== undefined ? { minAvailable: input.minAvailable } : {}),
      },
      status: {
        observedGeneration: 1,
        unavailableAllowed: 0,
        currentAvailable: 0,
        desiredAvailable: 0,
        totalReplicas: 0,
      },
    }),
  );
}

/** A PUB selecting by labels: `app: <its name>` unless `matchLabels` says otherwise. */
export function labelPub(
  input: Omit<PubInput, 'selector' | 'targetRef'> & { matchLabels?: Record<string, string> },
): PubView {
  const { matchLabels, ...rest } = input;
  return pub({ ...rest, selector: { matchLabels: matchLabels ?? { app: input.name } } });
}

/** A Deployment with one ReplicaSet and `ready` of its pods Ready, spread over the nodes given. */
export function deployment(input: {
  namespace?: string;
  name: string;
  replicas: number;
  labels: Record<string, string>;
  nodes: readonly string[];
  unready?: number;
  /** What every pod's spec adds (requests, nodeSelector, tolerations, volumes…). */
  template?: Pick<PodInput, 'spec' | 'requests'>;
}): { workloads: WorkloadView[]; pods: PodView[] } {
  const rs = `${input.name}-6d4f8c7b9`;
  const pods: PodView[] = [];
  for (let i = 0; i < input.replicas; i++) {
    pods.push(
      pod({
        namespace: input.namespace,
        name: `${rs}-${'bcdfghjklm'[i % 10]}${'npqrstvwxz'[Math.floor(i / 10) % 10]}x2k`,
        labels: { ...input.labels, 'pod-template-hash': '6d4f8c7b9' },
        owner: { kind: 'ReplicaSet', name: rs },
        node: input.nodes[i % input.nodes.length],
        ready: i >= (input.unready ?? 0),
        ...input.template,
      }),
    );
  }
  return {
    workloads: [
      workload({
        namespace: input.namespace,
        kind: 'Deployment',
        name: input.name,
        replicas: input.replicas,
      }),
      workload({
        namespace: input.namespace,
        kind: 'ReplicaSet',
        name: rs,
        replicas: input.replicas,
        owner: { kind: 'Deployment', name: input.name },
      }),
    ],
    pods,
  };
}

/** A StatefulSet with pods `<name>-0..n-1` on the nodes given. */
export function statefulSet(input: {
  namespace?: string;
  name: string;
  replicas: number;
  labels: Record<string, string>;
  nodes: readonly string[];
}): { workloads: WorkloadView[]; pods: PodView[] } {
  const pods: PodView[] = [];
  for (let i = 0; i < input.replicas; i++) {
    pods.push(
      pod({
        namespace: input.namespace,
        name: `${input.name}-${i}`,
        labels: { ...input.labels, 'statefulset.kubernetes.io/pod-name': `${input.name}-${i}` },
        owner: { kind: 'StatefulSet', name: input.name },
        node: input.nodes[i % input.nodes.length],
      }),
    );
  }
  return {
    workloads: [
      workload({
        namespace: input.namespace,
        kind: 'StatefulSet',
        name: input.name,
        replicas: input.replicas,
      }),
    ],
    pods,
  };
}
