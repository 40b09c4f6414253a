import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimHandle } from '@pdbscope/sim';
import type { NodeActorAnswer, NodeDetailResponse, NodesResponse } from '@pdbscope/shared/api';
import { parseCli } from '../cli.js';
import { startHarness, type Harness } from './harness.js';

/**
 * A report job's pod with an emptyDir scratch volume on worker-3, a node every actor lets go in
 * the demo: Cluster Autoscaler keeps it by default (local storage), not when told it runs with
 * `--skip-nodes-with-local-storage=false`.
 */
function addScratchPod(sim: SimHandle): void {
  const uid = 'a7e94d02-1b3c-4e5f-8a6b-0c9d8e7f6a51';
  const created = sim.store.create('pods', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'report-hourly-29397240-s3kq9',
      namespace: 'reporting',
      labels: { app: 'reporting', 'batch.kubernetes.io/job-name': 'report-hourly-29397240' },
      ownerReferences: [
        {
          apiVersion: 'batch/v1',
          kind: 'Job',
          name: 'report-hourly-29397240',
          uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      nodeName: 'worker-3',
      restartPolicy: 'Never',
      containers: [
        {
          name: 'report',
          image: 'ghcr.io/acme/report-builder:5.2.0',
          volumeMounts: [{ name: 'scratch', mountPath: '/scratch' }],
        },
      ],
      volumes: [{ name: 'scratch', emptyDir: {} }],
    },
    status: { phase: 'Running' },
  });
  expect(created.ok).toBe(true);
}

let defaults: Harness;
let flagged: Harness;

beforeAll(async () => {
  const { caOptions } = parseCli(['--ca-skip-nodes-with-local-storage=false']);
  [defaults, flagged] = await Promise.all([
    startHarness({ beforeBff: addScratchPod }),
    startHarness({ beforeBff: addScratchPod, ...(caOptions ? { caOptions } : {}) }),
  ]);
  await Promise.all([defaults.bff.ready(), flagged.bff.ready()]);
});

afterAll(async () => {
  await Promise.all([defaults.close(), flagged.close()]);
});

async function caAnswer(h: Harness, node: string): Promise<NodeActorAnswer | undefined> {
  const res = await fetch(`${h.bff.url}/api/nodes/${node}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as NodeDetailResponse).actors.find(
    (a) => a.actor === 'cluster-autoscaler',
  );
}

async function blockedFor(h: Harness, node: string): Promise<string[] | undefined> {
  const res = await fetch(`${h.bff.url}/api/nodes`);
  return ((await res.json()) as NodesResponse).items.find((n) => n.name === node)?.blockedFor;
}

describe('--ca-… flags: Cluster Autoscaler as it runs in the cluster', () => {
  it('--ca-skip-nodes-with-local-storage=false lets CA remove a node with an emptyDir pod', async () => {
    const pod = 'reporting/report-hourly-29397240-s3kq9';
    expect({
      defaults: await caAnswer(defaults, 'worker-3'),
      flagged: await caAnswer(flagged, 'worker-3'),
    }).toMatchObject({
      defaults: {
        removes: false,
        settings: expect.stringContaining('--skip-nodes-with-local-storage=true') as string,
        blocking: {
          pod,
          rule: 'LocalStorageRequested',
          message: `pod with local storage present: report-hourly-29397240-s3kq9`,
        },
      },
      flagged: {
        removes: true,
        settings: expect.stringContaining('--skip-nodes-with-local-storage=false') as string,
        blocking: null,
      },
    });
    // The nodes list's "blocked for" follows the same flags.
    expect({
      defaults: await blockedFor(defaults, 'worker-3'),
      flagged: await blockedFor(flagged, 'worker-3'),
    }).toStrictEqual({
      defaults: ['kubectl-drain', 'cluster-autoscaler'],
      flagged: ['kubectl-drain'],
    });
  });
});
