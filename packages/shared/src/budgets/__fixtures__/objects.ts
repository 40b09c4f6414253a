// Builders of Kubernetes objects as the API server returns them, converted to the engine's views.
import type { PdbView, PubView } from '../../model/budget.js';
import {
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
} from '../../model/convert.js';
import type { PodView } from '../../model/pod.js';
import type { WorkloadView } from '../../model/workload.js';
import type { Result } from '../../result/index.js';

export const NOW = new Date('2024-05-01T12:00:00Z');

function value<T>(c: Result<T>): T {
  if (!c.ok) throw new Error(c.error);
  return c.value;
}

export interface PodOptions {
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  phase?: string;
  ready?: boolean;
  owner?: { apiVersion: string; kind: string; name: string; uid: string };
  deletionTimestamp?: string;
  resourceVersion?: string;
}

export function pod(name: string, o: PodOptions = {}): PodView {
  return value(
    podFromObject({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: o.namespace ?? 'default',
        uid: `uid-pod-${name}`,
        resourceVersion: o.resourceVersion ?? '100',
        labels: o.labels ?? { app: 'web' },
        ...(o.annotations ? { annotations: o.annotations } : {}),
        ...(o.owner
          ? { ownerReferences: [{ ...o.owner, controller: true, blockOwnerDeletion: true }] }
          : {}),
        ...(o.deletionTimestamp ? { deletionTimestamp: o.deletionTimestamp } : {}),
      },
      spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx:1.27' }] },
      status: {
        phase: o.phase ?? 'Running',
        conditions: [{ type: 'Ready', status: (o.ready ?? true) ? 'True' : 'False' }],
      },
    }),
  );
}

export interface PdbOptions {
  namespace?: string;
  apiVersion?: string;
  selector?: unknown;
  minAvailable?: number | string;
  maxUnavailable?: number | string;
  unhealthyPodEvictionPolicy?: string;
  generation?: number;
  status?: Record<string, unknown>;
}

export function pdb(name: string, o: PdbOptions = {}): PdbView {
  return value(
    pdbFromObject({
      apiVersion: o.apiVersion ?? 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: {
        name,
        namespace: o.namespace ?? 'default',
        uid: `uid-pdb-${name}`,
        generation: o.generation ?? 1,
        resourceVersion: '7',
      },
      spec: {
        ...(o.selector !== undefined
          ? { selector: o.selector }
          : { selector: { matchLabels: { app: 'web' } } }),
        ...(o.minAvailable !== undefined ? { minAvailable: o.minAvailable } : {}),
        ...(o.maxUnavailable !== undefined ? { maxUnavailable: o.maxUnavailable } : {}),
        ...(o.unhealthyPodEvictionPolicy !== undefined
          ? { unhealthyPodEvictionPolicy: o.unhealthyPodEvictionPolicy }
          : {}),
      },
      status: {
        observedGeneration: 0,
        disruptionsAllowed: 0,
        currentHealthy: 0,
        desiredHealthy: 0,
        expectedPods: 0,
        ...o.status,
      },
    }),
  );
}

export function workload(
  kind: string,
  name: string,
  o: {
    apiVersion?: string;
    replicas?: number;
    uid?: string;
    owner?: PodOptions['owner'];
    deletionTimestamp?: string;
  } = {},
): WorkloadView {
  const apiVersion = o.apiVersion ?? (kind === 'ReplicationController' ? 'v1' : 'apps/v1');
  return value(
    workloadFromObject({
      apiVersion,
      kind,
      metadata: {
        name,
        namespace: 'default',
        uid: o.uid ?? `uid-${kind.toLowerCase()}-${name}`,
        ...(o.owner ? { ownerReferences: [{ ...o.owner, controller: true }] } : {}),
        ...(o.deletionTimestamp ? { deletionTimestamp: o.deletionTimestamp } : {}),
      },
      spec: {
        ...(o.replicas !== undefined ? { replicas: o.replicas } : {}),
        selector: { matchLabels: { app: 'web' } },
      },
    }),
  );
}

/** The controllerRef a workload puts on its pods. */
export function ownerRef(w: WorkloadView): NonNullable<PodOptions['owner']> {
  return { apiVersion: w.apiVersion, kind: w.kind, name: w.name, uid: w.uid };
}

export function pub(
  name: string,
  spec: Record<string, unknown>,
  o: {
    status?: Record<string, unknown>;
    annotations?: Record<string, string>;
    apiVersion?: string;
  } = {},
): PubView {
  return value(
    pubFromObject({
      apiVersion: o.apiVersion ?? 'policy.kruise.io/v1alpha1',
      kind: 'PodUnavailableBudget',
      metadata: {
        name,
        namespace: 'default',
        uid: `uid-pub-${name}`,
        generation: 1,
        ...(o.annotations ? { annotations: o.annotations } : {}),
      },
      spec,
      status: {
        unavailableAllowed: 0,
        currentAvailable: 0,
        desiredAvailable: 0,
        totalReplicas: 0,
        ...o.status,
      },
    }),
  );
}
