// Pods and PDBs for the Karpenter tests, read from Kubernetes objects by the model's converters.
import { pdbFromObject, podFromObject } from '../../../model/convert.js';
import type { PdbView } from '../../../model/budget.js';
import type { PodView } from '../../../model/pod.js';

export function testPod(
  name: string,
  options: {
    annotations?: Record<string, string>;
    labels?: Record<string, string>;
    ownerReferences?: unknown[];
    phase?: string;
    deletionTimestamp?: string;
    startTime?: string;
    conditions?: unknown[];
    tolerations?: unknown[];
    terminationGracePeriodSeconds?: number;
  } = {},
): PodView {
  const r = podFromObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      labels: options.labels ?? { app: 'web' },
      annotations: options.annotations ?? {},
      ownerReferences: options.ownerReferences ?? [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'web-7c9d',
          uid: 'uid-rs',
          controller: true,
        },
      ],
      ...(options.deletionTimestamp ? { deletionTimestamp: options.deletionTimestamp } : {}),
    },
    spec: {
      nodeName: 'ip-10-0-1-17.ec2.internal',
      containers: [{ name: 'web' }],
      ...(options.tolerations ? { tolerations: options.tolerations } : {}),
      ...(options.terminationGracePeriodSeconds !== undefined
        ? { terminationGracePeriodSeconds: options.terminationGracePeriodSeconds }
        : {}),
    },
    status: {
      phase: options.phase ?? 'Running',
      startTime: options.startTime ?? '2024-05-01T11:00:00Z',
      conditions: options.conditions ?? [{ type: 'Ready', status: 'True' }],
    },
  });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

export function testPdb(
  name: string,
  spec: Record<string, unknown>,
  disruptionsAllowed: number,
): PdbView {
  const r = pdbFromObject({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace: 'shop', generation: 1 },
    spec: { selector: { matchLabels: { app: 'web' } }, ...spec },
    status: { observedGeneration: 1, disruptionsAllowed },
  });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
