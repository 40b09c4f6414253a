import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeHttp } from './http.js';

/**
 * Test-only certificates (a CA, a server certificate for 127.0.0.1 and two client certificates,
 * CN client-a and client-b), made once with openssl and valid for a century; the CA's key was
 * thrown away.
 */
const tlsDir = fileURLToPath(new URL('../__fixtures__/tls/', import.meta.url));
const pem = (name: string) => readFileSync(join(tlsDir, name), 'utf8');

let server: https.Server;
let dir: string;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pdbscope-cert-'));
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
  rmSync(dir, { recursive: true, force: true });
});

/**
 * An exec plugin that issues client certificates (as some cloud providers' plugins do): it prints
 * the certificate named in `current` with a short expiry, so client-node runs it again soon.
 */
function kubeconfigWithCertPlugin(): { kc: KubeConfig; use(client: 'a' | 'b'): void } {
  const current = join(dir, 'current');
  const use = (client: 'a' | 'b') => writeFileSync(current, client);
  use('a');
  const script = join(dir, 'cert-plugin.mjs');
  writeFileSync(
    script,
    `#!${process.execPath}
import { readFileSync } from 'node:fs';
const client = readFileSync(${JSON.stringify(current)}, 'utf8');
const read = (f) => readFileSync(${JSON.stringify(tlsDir)} + f, 'utf8');
process.stdout.write(JSON.stringify({
  apiVersion: 'client.authentication.k8s.io/v1',
  kind: 'ExecCredential',
  status: {
    clientCertificateData: read('client-' + client + '.crt'),
    clientKeyData: read('client-' + client + '.key'),
    expirationTimestamp: new Date(Date.now() + 300).toISOString(),
  },
}));
`,
  );
  chmodSync(script, 0o755);
  const kc = new KubeConfig();
  kc.loadFromString(`apiVersion: v1
kind: Config
clusters: [{ name: tls, cluster: { server: "${url}", certificate-authority-data: "${Buffer.from(pem('ca.crt')).toString('base64')}" } }]
users:
  - name: cert-exec
    user:
      exec: { apiVersion: client.authentication.k8s.io/v1, command: "${script}", interactiveMode: Never }
contexts: [{ name: tls, context: { cluster: tls, user: cert-exec } }]
current-context: tls
`);
  return { kc, use };
}

describe('KubeHttp with an exec plugin that rotates client certificates', () => {
  it('presents the new certificate once the plugin issues one', async () => {
    const { kc, use } = kubeconfigWithCertPlugin();
    const client = new KubeHttp(kc);
    const first = await client.getOk('/apis/authentication.k8s.io/v1/selfsubjectreviews');
    const again = await client.getOk('/apis/authentication.k8s.io/v1/selfsubjectreviews');
    use('b');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const rotated = await client.getOk('/apis/authentication.k8s.io/v1/selfsubjectreviews');
    expect([first, again, rotated].map((b) => (b as { user: string }).user)).toStrictEqual([
      'client-a',
      'client-a',
      'client-b',
    ]);
  });
});
