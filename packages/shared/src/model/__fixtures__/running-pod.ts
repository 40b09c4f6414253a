/**
 * A Pod as the API server lists it: running and Ready, of a ReplicaSet, with requests, so the
 * converter reads it in its plain running shape (or its other shape, given a deletionTimestamp).
 */
export function runningPodObject(
  options: { name?: string; uid?: string; deletionTimestamp?: string } = {},
) {
  const { name = 'web-7c9d-abcde', uid = 'uid-web-abcde', deletionTimestamp } = options;
  return {
    metadata: {
      name,
      namespace: 'shop',
      uid,
      resourceVersion: '7001',
      creationTimestamp: '2024-05-01T10:00:00Z',
      ...(deletionTimestamp === undefined ? {} : { deletionTimestamp }),
      labels: { app: 'web' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'web-7c9d',
          uid: 'uid-rs',
          controller: true,
        },
      ],
    },
    spec: {
      nodeName: 'node-a',
      containers: [{ name: 'web', resources: { requests: { cpu: '250m' } } }],
    },
    status: {
      phase: 'Running',
      startTime: '2024-05-01T10:00:05Z',
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2024-05-01T10:00:17Z' }],
    },
  };
}
