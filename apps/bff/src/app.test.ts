import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import net from 'node:net';
import { closeServedApps, post, request, serveApp as serve } from './__fixtures__/serve-app.js';

/** Writes raw bytes to the server and reads everything until it closes the connection. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

afterEach(closeServedApps);

describe('createApp', () => {
  it('serves a budget and the list with filters', async () => {
    const { port } = await serve();
    const detail = await request(port, '/api/budgets/PodDisruptionBudget/data/zookeeper');
    const filtered = await request(port, '/api/budgets?namespace=other');
    expect([
      detail.status,
      (detail.body as { budget: { name: string } }).budget.name,
      (filtered.body as { items: unknown[] }).items,
    ]).toStrictEqual([200, 'zookeeper', []]);
  });

  it('answers unknown ids with 404 problem+json', async () => {
    const { port } = await serve();
    const answers = await Promise.all([
      request(port, '/api/budgets/PodDisruptionBudget/data/kafka'),
      request(port, '/api/budgets/Deployment/data/zookeeper'),
      request(port, '/api/pods/data/nope'),
      post(
        port,
        '/api/simulate/evictions',
        JSON.stringify({ pods: ['data/zookeeper-0', 'data/nope'] }),
      ),
      post(port, '/api/simulate/drain', JSON.stringify({ node: 'node-9' })),
      request(port, '/api/nothing'),
    ]);
    expect(
      answers.map((a) => [a.status, a.type, (a.body as { detail: string }).detail]),
    ).toStrictEqual([
      [404, 'application/problem+json', 'PodDisruptionBudget data/kafka not found'],
      [
        404,
        'application/problem+json',
        'no such budget kind "Deployment" (PodDisruptionBudget or PodUnavailableBudget)',
      ],
      [404, 'application/problem+json', 'pod data/nope not found'],
      [404, 'application/problem+json', 'pod data/nope not found'],
      [404, 'application/problem+json', 'node node-9 not found'],
      [404, 'application/problem+json', 'no API route GET /api/nothing'],
    ]);
  });

  it('answers bad bodies and filters with 400 saying what is wrong', async () => {
    const { port } = await serve();
    const answers = await Promise.all([
      post(port, '/api/simulate/evictions', JSON.stringify({ pods: ['zookeeper-0'] })),
      post(port, '/api/simulate/evictions', '{"pods":'),
      post(port, '/api/simulate/drain', JSON.stringify({})),
      post(port, '/api/simulate/drain', JSON.stringify({ node: 'node-1', podSelector: 'a in ()' })),
      post(port, '/api/simulate/drain', JSON.stringify({ node: 'node-1', ignoreDaemonsets: true })),
      post(port, '/api/simulate/drain', JSON.stringify({ node: 'node-1', force: 'yes' })),
      post(
        port,
        '/api/simulate/evictions',
        JSON.stringify({ pods: ['a/b'], padding: 'x'.repeat(70_000) }),
      ),
      request(port, '/api/budgets?state=sad'),
    ]);
    expect(answers.map((a) => [a.status, (a.body as { detail: string }).detail])).toStrictEqual([
      [400, 'invalid body: pods.0: expected "namespace/name"'],
      [400, 'the request body is not valid JSON'],
      [400, 'invalid body: node: Invalid input: expected string, received undefined'],
      [
        400,
        "invalid body: podSelector: unable to parse requirement: for 'in', 'notin' operators, values set can't be empty",
      ],
      [400, 'invalid body: (root): Unrecognized key: "ignoreDaemonsets"'],
      [400, 'invalid body: force: Invalid input: expected boolean, received string'],
      [413, 'the request body is too large'],
      [400, expect.stringContaining('invalid query: state: Invalid option') as unknown as string],
    ]);
    expect((answers[0]?.body as { errors: unknown }).errors).toStrictEqual([
      { path: 'pods.0', message: 'expected "namespace/name"' },
    ]);
  });

  it('refuses a foreign Host or Origin, and cross-site requests', async () => {
    const { port } = await serve();
    const answers = await Promise.all([
      request(port, '/api/cluster', { headers: { host: 'evil.example:80' } }),
      request(port, '/api/cluster', { headers: { host: `rebind.example:${port}` } }),
      post(port, '/api/simulate/drain', JSON.stringify({ node: 'node-1' }), {
        origin: 'https://evil.example',
      }),
      request(port, '/api/cluster', { headers: { origin: 'null' } }),
      request(port, '/api/cluster', { headers: { 'sec-fetch-site': 'cross-site' } }),
      post(port, '/api/simulate/drain', JSON.stringify({ node: 'node-1' }), {
        origin: `http://127.0.0.1:${port}`,
      }),
      request(port, '/api/cluster', { headers: { host: `localhost:${port}` } }),
    ]);
    expect(answers.map((a) => a.status)).toStrictEqual([403, 403, 403, 403, 403, 200, 200]);
    expect(answers[0]?.body).toStrictEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: 'Host "evil.example:80" is not served here',
    });
  });

  it('takes only our exact origin: scheme, host and port, without a path', async () => {
    const { port } = await serve();
    const body = JSON.stringify({ node: 'node-1' });
    const answers = await Promise.all(
      [
        `https://127.0.0.1:${port}`,
        `http://127.0.0.1:${port}/`,
        `http://127.0.0.1:${port}/api`,
        `http://127.0.0.1:${port + 1}`,
        `http://127.0.0.1:${port}`,
      ].map((origin) => post(port, '/api/simulate/drain', body, { origin })),
    );
    expect(answers.map((a) => [a.status, (a.body as { detail?: string }).detail])).toStrictEqual([
      [403, `Origin "https://127.0.0.1:${port}" is not allowed`],
      [403, `Origin "http://127.0.0.1:${port}/" is not allowed`],
      [403, `Origin "http://127.0.0.1:${port}/api" is not allowed`],
      [403, `Origin "http://127.0.0.1:${port + 1}" is not allowed`],
      [200, undefined],
    ]);
  });

  it('takes an https origin over TLS, or behind a proxy that says it terminated TLS', async () => {
    const { port } = await serve({}, { asIfTls: true });
    const plain = await serve();
    const body = JSON.stringify({ node: 'node-1' });
    const answers = await Promise.all([
      post(port, '/api/simulate/drain', body, { origin: `https://127.0.0.1:${port}` }),
      post(port, '/api/simulate/drain', body, { origin: `http://127.0.0.1:${port}` }),
      post(plain.port, '/api/simulate/drain', body, {
        origin: `https://127.0.0.1:${plain.port}`,
        'x-forwarded-proto': 'https',
      }),
    ]);
    expect(answers.map((a) => a.status)).toStrictEqual([200, 403, 200]);
  });

  it('answers a request without a Host header with problem+json, not a bare 400', async () => {
    const { port } = await serve();
    const raw = await rawExchange(port, 'GET /api/cluster HTTP/1.1\r\nConnection: close\r\n\r\n');
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect([
      head.split('\r\n')[0],
      /content-type: application\/problem\+json/i.test(head),
    ]).toStrictEqual(['HTTP/1.1 400 Bad Request', true]);
    expect(JSON.parse(body)).toStrictEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'the request has no Host header (HTTP/1.1 requires one)',
    });
  });

  it('closes a request whose body never arrives in full, at the request deadline', async () => {
    const { port } = await serve(
      {},
      { deadlines: { headersTimeoutMs: 200, requestTimeoutMs: 300, checkIntervalMs: 50 } },
    );
    const started = Date.now();
    const raw = await rawExchange(
      port,
      `POST /api/simulate/drain HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"node":`,
    );
    // Node answers 408 itself and closes the socket; the promise resolves only on close.
    expect([raw.split('\r\n')[0], Date.now() - started < 5_000]).toStrictEqual([
      'HTTP/1.1 408 Request Timeout',
      true,
    ]);
  });

  it('answers the budget list once the first analysis is in, so its overlap counts are there', async () => {
    const { port, store } = await serve();
    const order: string[] = [];
    let finish = () => {};
    store.analysed = () => new Promise<void>((resolve) => (finish = resolve));
    const list = store.budgets.bind(store);
    store.budgets = (query) => {
      order.push('list read');
      return list(query);
    };
    const answer = request(port, '/api/budgets');
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('analysed');
    finish();
    expect([(await answer).status, order]).toStrictEqual([200, ['analysed', 'list read']]);
  });

  it('answers 503 before sync, with what it waits for', async () => {
    const { port, store } = await serve();
    store.isReady = false;
    const [budgets, ready, cluster] = await Promise.all([
      request(port, '/api/budgets'),
      request(port, '/readyz'),
      request(port, '/api/cluster'),
    ]);
    expect([
      budgets.status,
      (budgets.body as { detail: string }).detail,
      ready.status,
      cluster.status,
    ]).toStrictEqual([503, 'still syncing with the cluster: waiting for pods', 503, 200]);
  });

  it('requires the bearer token when one is set, and refuses verify when disabled', async () => {
    const { port } = await serve({ token: 'a-long-enough-secret-token' });
    const answers = await Promise.all([
      request(port, '/api/cluster'),
      request(port, '/api/cluster', { headers: { authorization: 'Bearer wrong' } }),
      request(port, '/api/cluster', {
        headers: { authorization: 'Bearer a-long-enough-secret-token' },
      }),
      post(port, '/api/verify/eviction', JSON.stringify({ pod: 'data/zookeeper-0' }), {
        authorization: 'Bearer a-long-enough-secret-token',
      }),
      request(port, '/healthz'),
    ]);
    expect(answers.map((a) => a.status)).toStrictEqual([401, 401, 200, 403, 200]);
  });

  it('serves the OpenAPI document and security headers', async () => {
    const { port } = await serve();
    const doc = await request(port, '/api/openapi.json');
    expect([doc.status, (doc.body as { openapi: string }).openapi]).toStrictEqual([200, '3.1.0']);
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve) =>
      http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
        res.resume();
        resolve(res.headers);
      }),
    );
    expect([
      headers['x-content-type-options'],
      headers['x-frame-options'],
      headers['x-powered-by'],
    ]).toStrictEqual(['nosniff', 'SAMEORIGIN', undefined]);
  });

  it("allows the web build's inline script by its hash, and no other inline script", async () => {
    const webDist = await mkdtemp(path.join(tmpdir(), 'pdbscope-web-'));
    const script = "(function () { window.__pdbscopePrefetch = fetch('/api/nodes'); })();";
    await writeFile(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><script>${script}</script></head><body></body></html>`,
    );
    try {
      const { port } = await serve({ webDist });
      const page = await request(port, '/nodes');
      const hash = createHash('sha256').update(script, 'utf8').digest('base64');
      const policy = String(page.headers['content-security-policy']).split(';');
      expect([page.status, policy.find((part) => part.startsWith('script-src'))]).toStrictEqual([
        200,
        `script-src 'self' 'sha256-${hash}'`,
      ]);
    } finally {
      await rm(webDist, { recursive: true, force: true });
    }
  });

  it('streams events with ids and resumes from Last-Event-ID', async () => {
    const { port, hub } = await serve();
    hub.publish({
      type: 'budget-removed',
      ref: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'a' },
    });
    hub.publish({
      type: 'budget-removed',
      ref: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'b' },
    });
    const text = await new Promise<string>((resolve) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/events', headers: { 'last-event-id': 't1-1' } },
        (res) => {
          let data = '';
          res.on('data', (c: Buffer) => {
            data += c.toString();
            if (data.includes('t1-2')) {
              req.destroy();
              resolve(data);
            }
          });
        },
      );
    });
    expect(text.split('\n').filter((l) => l.startsWith('id:'))).toStrictEqual(['id: t1-2']);
  });

  it('HEAD /api/events answers without holding a stream slot', async () => {
    const { port } = await serve({}, { sseMaxClients: 1 });
    const heads = await Promise.all(
      Array.from({ length: 5 }, () => request(port, '/api/events', { method: 'HEAD' })),
    );
    const stream = await new Promise<number>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/events' }, (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
    });
    expect([heads.map((h) => [h.status, h.type]), stream]).toStrictEqual([
      Array.from({ length: 5 }, () => [200, 'text/event-stream']),
      200,
    ]);
  });

  it('answers every error outside /api in plain text, and every /api one as problem+json', async () => {
    const { port } = await serve();
    const answers = await Promise.all([
      request(port, '/healthz', { method: 'POST' }),
      request(port, '/', { method: 'PUT' }),
      request(port, '/assets/x.js', { method: 'DELETE' }),
      request(port, '/nope'),
      request(port, '/', { headers: { host: 'evil.example' } }),
      request(port, '/api/nope', { method: 'PUT' }),
    ]);
    expect(answers.map((a) => [a.status, a.type, a.body])).toStrictEqual([
      [405, 'text/plain', 'POST is not allowed on /healthz\n'],
      [405, 'text/plain', 'PUT is not allowed on /\n'],
      [405, 'text/plain', 'DELETE is not allowed on /assets/x.js\n'],
      [404, 'text/plain', 'not found: /nope\n'],
      [403, 'text/plain', 'Host "evil.example" is not served here\n'],
      [
        404,
        'application/problem+json',
        {
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail: 'no API route PUT /api/nope',
        },
      ],
    ]);
  });
});
