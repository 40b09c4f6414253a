import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { kubeconfigFor } from '@pdbscope/sim';
import { KubeConfig } from '@kubernetes/client-node';
import type { ApiResourceInfo, WorkloadView } from '@pdbscope/shared';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { KubeHttp } from './http.js';
import { ScaleFetcher } from './scale.js';
import { systemClock } from '@pdbscope/shared/clock';

let server: http.Server | undefined;
afterEach(() => server?.close());

/** An API server with OpenKruise's apps group: CloneSets serve /scale. */
async function kruiseServer(requests: string[]): Promise<KubeHttp> {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url === '/apis/apps.kruise.io/v1alpha1') {
      res.end(
        JSON.stringify({
          kind: 'APIResourceList',
          groupVersion: 'apps.kruise.io/v1alpha1',
          resources: [
            { name: 'clonesets', namespaced: true, kind: 'CloneSet' },
            {
              name: 'clonesets/scale',
              namespaced: true,
              kind: 'Scale',
              group: 'autoscaling',
              version: 'v1',
            },
            { name: 'sidecarsets', namespaced: false, kind: 'SidecarSet' },
          ],
        }),
      );
    } else if (req.url === '/apis/apps.kruise.io/v1alpha1/namespaces/games/clonesets/lobby/scale') {
      res.end(
        JSON.stringify({
          kind: 'Scale',
          apiVersion: 'autoscaling/v1',
          metadata: { name: 'lobby', namespace: 'games', resourceVersion: '42' },
          spec: { replicas: 4 },
          status: { replicas: 4 },
        }),
      );
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ kind: 'Status', code: 404, message: 'not found' }));
    }
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const kc = new KubeConfig();
  kc.loadFromString(kubeconfigFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  return new KubeHttp(kc);
}

describe('ScaleFetcher', () => {
  it('fetches the scale of an owner it does not watch, once, with its kind for the REST mapper', async () => {
    const requests: string[] = [];
    const workloads: WorkloadView[] = [];
    const kinds: [string, ApiResourceInfo][] = [];
    const fetcher = new ScaleFetcher({
      http: await kruiseServer(requests),
      logger: pino({ level: 'silent' }),
      clock: systemClock,
      onWorkload: (w) => workloads.push(w),
      onApiResource: (key, info) => kinds.push([key, info]),
    });
    const owner = {
      apiVersion: 'apps.kruise.io/v1alpha1',
      kind: 'CloneSet',
      name: 'lobby',
      uid: 'cs-uid',
    };
    fetcher.ownerSeen('games', owner);
    fetcher.ownerSeen('games', owner);
    fetcher.ownerSeen('games', {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      name: 'web-1',
      uid: 'rs-uid',
    });
    await fetcher.settled();
    fetcher.stop();
    expect([workloads, kinds, requests]).toStrictEqual([
      [
        {
          kind: 'CloneSet',
          apiVersion: 'apps.kruise.io/v1alpha1',
          namespace: 'games',
          name: 'lobby',
          uid: 'cs-uid',
          resourceVersion: '42',
          replicas: 4,
          labels: {},
        },
      ],
      [['apps.kruise.io/CloneSet', { resource: 'clonesets', scale: true }]],
      [
        '/apis/apps.kruise.io/v1alpha1',
        '/apis/apps.kruise.io/v1alpha1/namespaces/games/clonesets/lobby/scale',
      ],
    ]);
  });
});
