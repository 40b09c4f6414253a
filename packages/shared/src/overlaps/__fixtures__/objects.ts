// Slim views built through the real converters from objects shaped like `kubectl get -o json` output.
import type { PdbView, PubView } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import { pdbFromObject, podFromObject, pubFromObject } from '../../model/convert.js';
import type { Result } from '../../result/index.js';

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

export function pod(
  namespace: string,
  name: string,
  labels: Record<string, string>,
  opts: {
    ready?: boolean;
    phase?: string;
    owner?: { kind: string; name: string; apiVersion?: string };
  } = {},
): PodView {
  return unwrap(
    podFromObject({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace,
        uid: `uid-${namespace}-${name}`,
        resourceVersion: '1001',
        labels,
        ...(opts.owner
          ? {
              ownerReferences: [
                {
                  apiVersion: opts.owner.apiVersion ?? 'apps/v1',
                  kind: opts.owner.kind,
                  name: opts.owner.name,
                  uid: `uid-${namespace}-${opts.owner.name}`,
                  controller: true,
                  blockOwnerDeletion: true,
                },
              ],
            }
          : {}),
      },
      spec: {
        nodeName: 'node-a',
        containers: [{ name: 'main', image: 'registry.k8s.io/pause:3.9' }],
      },
      status: {
        phase: opts.phase ?? 'Running',
        conditions: [{ type: 'Ready', status: (opts.ready ?? true) ? 'True' : 'False' }],
      },
    }),
  );
}

export function pdb(
  namespace: string,
  name: string,
  spec: Record<string, unknown>,
  extra: {
    apiVersion?: string;
    status?: Record<string, unknown>;
    generation?: number;
    labels?: Record<string, string>;
  } = {},
): PdbView {
  return unwrap(
    pdbFromObject({
      apiVersion: extra.apiVersion ?? 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: {
        name,
        namespace,
        uid: `uid-${namespace}-${name}`,
        resourceVersion: '2001',
        generation: extra.generation ?? 1,
        creationTimestamp: '2024-04-01T10:00:00Z',
        ...(extra.labels ? { labels: extra.labels } : {}),
      },
      spec,
      status: extra.status ?? {
        observedGeneration: extra.generation ?? 1,
        disruptionsAllowed: 1,
        currentHealthy: 3,
        desiredHealthy: 2,
        expectedPods: 3,
      },
    }),
  );
}

export function pub(namespace: string, name: string, spec: Record<string, unknown>): PubView {
  return unwrap(
    pubFromObject({
      apiVersion: 'policy.kruise.io/v1alpha1',
      kind: 'PodUnavailableBudget',
      metadata: {
        name,
        namespace,
        uid: `uid-${namespace}-${name}`,
        resourceVersion: '3001',
        generation: 1,
      },
      spec,
      status: { unavailableAllowed: 1, currentAvailable: 3, desiredAvailable: 2, totalReplicas: 3 },
    }),
  );
}
