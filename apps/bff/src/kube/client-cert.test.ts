import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certPluginUser, pem } from '../__fixtures__/cert-plugin.js';
import { KubeHttp } from './http.js';

let server: https.Server;
let url: string;

beforeAll(async () => {
  // kube-apiserver with client-certificate authentication: the CN is the user.
  server = https.createServer(
    {
      cert: pem('server.crt'),
      key: pem('server.key'),
      ca: pem('ca.crt'),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ kind: 'SelfSubjectReview', user: peer.subject.CN }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('KubeHttp with an exec plugin that rotates client certificates', () => {
  it('presents the new certificate once the plugin issues one', async () => {
    const plugin = certPluginUser(url, 300);
    try {
      const kc = new KubeConfig();
      kc.loadFromString(plugin.kubeconfig);
      const client = new KubeHttp(kc);
      const path = '/apis/authentication.k8s.io/v1/selfsubjectreviews';
      const first = await client.getOk(path);
      const again = await client.getOk(path);
      plugin.use('b');
      await new Promise((resolve) => setTimeout(resolve, 400));
      const rotated = await client.getOk(path);
      expect([first, again, rotated].map((b) => (b as { user: string }).user)).toStrictEqual([
        'client-a',
        'client-a',
        'client-b',
      ]);
    } finally {
      plugin.remove();
    }
  });
});
