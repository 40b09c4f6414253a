import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonChunks, sendJson } from './json-body.js';

/** Rows like the budget list's: strings, counts (0 among them), nulls, nested lists. */
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'PodDisruptionBudget',
    namespace: `team-${i % 40}`,
    name: `orders-${i}-pdb`,
    matchedPods: i % 7,
    minAvailable: i % 3 === 0 ? '50%' : 0,
    maxUnavailable: undefined,
    labels: ['app', `orders-${i}`],
    stale: null,
  }));

describe('jsonChunks', () => {
  it('gives JSON.stringify’s text, in pieces of at least the size asked but the last', () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined))),
      fc.array(fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.date({ noInvalidDate: true }))),
    );
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 200 }), (v, size) => {
        const pieces = [...jsonChunks(v, size)];
        expect(pieces.join('')).toBe(JSON.stringify(v) ?? '');
        expect(pieces.slice(0, -1).every((p) => p.length >= size)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('walks into objects and arrays but not into an object with toJSON, and leaves out what JSON.stringify does', () => {
    const value = {
      at: new Date('2026-11-26T20:00:00Z'),
      list: [[1, 2], { a: [3] }],
      skip: () => 1,
      gone: { toJSON: () => undefined },
      nested: { deeper: [{ toJSON: () => undefined }], symbol: Symbol('s') },
    };
    expect([...jsonChunks(value, 1)].join('')).toBe(JSON.stringify(value));
  });
});

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** An app as the BFF's: compression in front, the answer sent by sendJson; resolves its sends. */
async function serve(answer: unknown): Promise<{ port: number; sent: Promise<void>[] }> {
  const sent: Promise<void>[] = [];
  const app = express();
  app.use(compression({ threshold: 1024 }));
  app.get('/answer', (_req, res) => {
    sent.push(sendJson(res, answer));
  });
  // As the BFF's error handler: a route that throws is a 500.
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: unknown) => {
    res.status(500).type('text/plain').send('internal error');
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, sent };
}

function get(
  port: number,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/answer', headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('sendJson over HTTP', () => {
  it('sends a large answer in pieces, compressed, byte for byte what res.json sends', async () => {
    const answer = { items: rows(20_000), count: 0 };
    const { port, sent } = await serve(answer);
    const gzip = await get(port, { 'accept-encoding': 'gzip' });
    const plain = await get(port, { 'accept-encoding': 'identity' });
    await Promise.all(sent);
    expect({
      gzip: [gzip.headers['content-type'], gzip.headers['content-encoding']],
      gzipBody: gunzipSync(gzip.body).toString('utf8') === JSON.stringify(answer),
      plain: [plain.headers['content-type'], plain.headers['transfer-encoding']],
      plainBody: plain.body.toString('utf8') === JSON.stringify(answer),
    }).toStrictEqual({
      gzip: ['application/json; charset=utf-8', 'gzip'],
      gzipBody: true,
      plain: ['application/json; charset=utf-8', 'chunked'],
      plainBody: true,
    });
  });

  it('sends a small answer whole, with its length, as res.json does', async () => {
    const answer = { items: rows(3) };
    const { port } = await serve(answer);
    const { headers, body } = await get(port, { 'accept-encoding': 'identity' });
    expect([headers['content-length'], body.toString('utf8')]).toStrictEqual([
      String(Buffer.byteLength(JSON.stringify(answer))),
      JSON.stringify(answer),
    ]);
  });

  it('stops when the client goes away mid-answer instead of waiting for ever', async () => {
    const { port, sent } = await serve({ items: rows(200_000) });
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/answer' }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
      setTimeout(() => reject(new Error('no data within 10 s')), 10_000).unref();
    });
    await expect(Promise.all(sent)).resolves.toStrictEqual([undefined]);
  });

  it('throws to the route when the start cannot be written, so Express answers 500', async () => {
    const { port, sent } = await serve({ items: [{ size: 1n }] });
    const { body } = await get(port, { 'accept-encoding': 'identity' });
    expect([body.toString('utf8'), sent]).toStrictEqual(['internal error', []]);
  });

  it('cuts the answer short when a later piece cannot be written, and resolves', async () => {
    const { port, sent } = await serve({ items: [...rows(20_000), { size: 1n }] });
    const outcome = await get(port, { 'accept-encoding': 'identity' }).then(
      () => 'complete',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await expect(Promise.all(sent)).resolves.toStrictEqual([undefined]);
    expect(outcome).toBe('ECONNRESET');
  });
});
