import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { ManualClock } from '@pdbscope/sim/clock';
import type { SourceState } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { refusedCredentialsReason } from './credentials.js';
import { KubeHttp } from './http.js';
import { PODS, collectionPath, projector, type ClusterObject } from './resources.js';
import { Source } from './source.js';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A kubeconfig whose one user is `user` (the kubeconfig's YAML for it), against `server`. */
function kubeconfig(user: string, server = 'https://10.0.0.1:6443'): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(`apiVersion: v1
kind: Config
clusters: [{ name: prod, cluster: { server: "${server}", insecure-skip-tls-verify: true } }]
users:
  - name: prod-admin
    user: ${user}
contexts: [{ name: prod, context: { cluster: prod, user: prod-admin } }]
current-context: prod
`);
  return kc;
}

const REFUSED = 'the API server refused the credentials (401 Unauthorized)';

describe('refusedCredentialsReason', () => {
  it('says what renews the credentials, by where the kubeconfig gets them', () => {
    expect(
      [
        '{ exec: { apiVersion: client.authentication.k8s.io/v1beta1, command: aws, args: [--region, eu-west-1, eks, get-token, --cluster-name, "prod cluster"] } }',
        '{ auth-provider: { name: oidc, config: { client-id: pdbscope, id-token: x, idp-issuer-url: "https://idp.example.com" } } }',
        '{ token: abc }',
        '{ client-certificate-data: Y2VydA==, client-key-data: a2V5 }',
        '{}',
      ].map((user) => refusedCredentialsReason(kubeconfig(user))),
    ).toStrictEqual([
      `${REFUSED}: the token of user "prod-admin" comes from its exec plugin; run \`aws --region eu-west-1 eks get-token --cluster-name 'prod cluster'\` to check it issues a valid token (log in again if it fails)`,
      `${REFUSED}: the OIDC token of user "prod-admin" could not be refreshed; log in again`,
      `${REFUSED}: the token of user "prod-admin" is expired or revoked; put a valid one in the kubeconfig`,
      `${REFUSED}: the client certificate of user "prod-admin" is expired or revoked; renew it`,
      `${REFUSED}: user "prod-admin" has no credentials in the kubeconfig`,
    ]);
  });
});

describe('a source refused its credentials (401)', () => {
  it('is in the credentials state, not degraded, and says what to renew', async () => {
    const server = http.createServer((_req, res) => {
      res.statusCode = 401;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: 'Unauthorized',
          reason: 'Unauthorized',
          code: 401,
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    const kc = kubeconfig(
      '{ token: expired }',
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    );
    const clock = new ManualClock(new Date('2026-11-21T19:00:00Z'));
    const states: SourceState[] = [];
    const source = new Source<ClusterObject>({
      id: 'pods',
      resource: 'v1 pods',
      kc,
      http: new KubeHttp(kc),
      path: collectionPath(PODS),
      project: projector(PODS, () => {}),
      sink: { upsert: () => {}, remove: () => {} },
      clock,
      logger: pino({ level: 'silent' }),
      onState: (s) => states.push(s),
      backoff: { initialMs: 1000, maxMs: 1000 },
      watchdogMs: 60_000,
    });
    source.start();
    await expect.poll(() => states.length).toBe(1);
    await source.stop();
    expect([states, source.settled]).toStrictEqual([
      [
        {
          id: 'pods',
          resource: 'v1 pods',
          state: 'credentials',
          reason: `${REFUSED}: the token of user "prod-admin" is expired or revoked; put a valid one in the kubeconfig`,
          since: '2026-11-21T19:00:00.000Z',
          objects: 0,
          forbiddenNamespaces: [],
          lastEventAt: '2026-11-21T19:00:00.000Z',
        },
      ],
      false,
    ]);
  });
});
