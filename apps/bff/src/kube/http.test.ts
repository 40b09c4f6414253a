import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeconfigFor } from '@pdbscope/sim';
import { afterEach, describe, expect, it } from 'vitest';
import { KubeHttp } from './http.js';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

const EMPTY_LIST = { kind: 'List', metadata: { resourceVersion: '7' }, items: [] as unknown[] };

/** An API server answering every GET with `body`; it counts connections and records auth. */
async function listServer(body: unknown = EMPTY_LIST, { splitAt }: { splitAt?: number } = {}) {
  const seen = { connections: 0, authorizations: [] as (string | undefined)[] };
  const server = http.createServer((req, res) => {
    seen.authorizations.push(req.headers.authorization);
    res.setHeader('content-type', 'application/json');
    const bytes = Buffer.from(JSON.stringify(body));
    if (splitAt === undefined) {
      res.end(bytes);
      return;
    }
    // Two writes, a turn apart, arrive as two chunks.
    res.write(bytes.subarray(0, splitAt));
    setTimeout(() => res.end(bytes.subarray(splitAt)), 20);
  });
  server.on('connection', () => seen.connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const kc = new KubeConfig();
  kc.loadFromString(kubeconfigFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  return { kc, seen };
}

describe('KubeHttp', () => {
  it('sends a GET again when its kept-alive connection was closed by the server meanwhile', async () => {
    // The server closes each connection at its second request, unanswered: what a client meets
    // when it reuses a connection the server's keep-alive timeout closed before it noticed.
    const requests: number[] = [];
    const server = http.createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      requests.push(socket.served);
      if (socket.served > 1) return void socket.destroy();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(EMPTY_LIST));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const kc = new KubeConfig();
    kc.loadFromString(kubeconfigFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    const client = new KubeHttp(kc);
    const bodies = [await client.getOk('/api/v1/pods'), await client.getOk('/api/v1/pods')];
    expect({ bodies, requests }).toStrictEqual({
      bodies: [EMPTY_LIST, EMPTY_LIST],
      requests: [1, 2, 1],
    });
  });

  it('sends the pages of a list over one kept-alive connection, with the kubeconfig’s credentials', async () => {
    const { kc, seen } = await listServer();
    const client = new KubeHttp(kc);
    const bodies: unknown[] = [];
    for (let page = 0; page < 5; page++) bodies.push(await client.getOk(`/api/v1/pods?limit=500`));
    expect({ bodies: bodies.length, ...seen }).toStrictEqual({
      bodies: 5,
      connections: 1,
      authorizations: Array<string>(5).fill('Bearer pdbscope-sim'),
    });
  });

  it('reads bodies that are not pure ASCII as UTF-8', async () => {
    const list = {
      ...EMPTY_LIST,
      items: [{ metadata: { name: 'web-0', annotations: { note: 'für café ✓ 🚀' } } }],
    };
    const { kc } = await listServer(list);
    expect(await new KubeHttp(kc).getOk('/api/v1/pods')).toStrictEqual(list);
  });

  it('reads a multi-byte character cut between two chunks', async () => {
    const list = {
      ...EMPTY_LIST,
      items: [{ metadata: { name: 'web-0', annotations: { a: '✓' } } }],
    };
    const cut = Buffer.from(JSON.stringify(list)).indexOf(Buffer.from('✓')) + 1;
    const { kc } = await listServer(list, { splitAt: cut });
    expect(await new KubeHttp(kc).getOk('/api/v1/pods')).toStrictEqual(list);
  });

  it('asks an exec plugin for credentials again once they expire, and keeps the connection', async () => {
    const { seen, kc: simple } = await listServer();
    const dir = mkdtempSync(join(tmpdir(), 'pdbscope-exec-'));
    try {
      // An exec plugin issuing a new token each run, each already expired: client-node runs it again.
      const script = join(dir, 'plugin.sh');
      writeFileSync(
        script,
        `#!/bin/sh\nn=$(cat ${dir}/n 2>/dev/null || echo 0); n=$((n+1)); echo $n > ${dir}/n\necho '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"token-'$n'","expirationTimestamp":"2000-01-01T00:00:00Z"}}'\n`,
      );
      chmodSync(script, 0o755);
      const kc = new KubeConfig();
      kc.loadFromOptions({
        clusters: [
          { name: 'c', server: simple.getCurrentCluster()?.server ?? '', skipTLSVerify: true },
        ],
        users: [
          {
            name: 'u',
            exec: {
              apiVersion: 'client.authentication.k8s.io/v1',
              command: script,
              interactiveMode: 'Never',
            },
          },
        ],
        contexts: [{ name: 'c', cluster: 'c', user: 'u' }],
        currentContext: 'c',
      });
      const http = new KubeHttp(kc);
      for (let i = 0; i < 3; i++) await http.getOk('/api/v1/pods');
      expect(seen).toStrictEqual({
        connections: 1,
        authorizations: ['Bearer token-1', 'Bearer token-2', 'Bearer token-3'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks once more after a 401 before it counts', async () => {
    let calls = 0;
    const server = http.createServer((req, res) => {
      calls++;
      res.statusCode = calls === 1 ? 401 : 200;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(calls === 1 ? { kind: 'Status', code: 401 } : EMPTY_LIST));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const kc = new KubeConfig();
    kc.loadFromString(kubeconfigFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    expect([await new KubeHttp(kc).getOk('/api/v1/pods'), calls]).toStrictEqual([EMPTY_LIST, 2]);
  });
});
