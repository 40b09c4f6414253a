import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp, type AppOptions } from '../app.js';
import { EventHub } from '../events/hub.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { fakeStore } from './fake-store.js';
import { httpServerOptions, type RequestDeadlines } from '../http/server-options.js';

// Time stands still and timers never fire unless a test advances it.
const clock = new ManualClock('2026-11-21T19:40:00Z');
const servers: http.Server[] = [];

/** Closes every server serveApp started; call it in afterEach. */
export async function closeServedApps(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
}

/**
 * The real express app over a fake store on a loopback port. `asIfTls` marks each connection
 * encrypted before express sees it, so `req.secure` is true as behind a TLS listener.
 */
export async function serveApp(
  overrides: Partial<AppOptions> = {},
  serving: { asIfTls?: boolean; sseMaxClients?: number; deadlines?: RequestDeadlines } = {},
) {
  const hub = new EventHub({
    clock: overrides.clock ?? clock,
    epoch: 't1',
    ...(serving.sseMaxClients !== undefined ? { maxClients: serving.sseMaxClients } : {}),
  });
  const store = fakeStore();
  const server = http.createServer(httpServerOptions(serving.deadlines));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const app = createApp({
    store,
    hub,
    logger: pino({ level: 'silent' }),
    clock,
    host: '127.0.0.1',
    port,
    ...overrides,
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (serving.asIfTls === true) Object.assign(req.socket, { encrypted: true });
    void app(req, res);
  });
  servers.push(server);
  return { port, hub, store };
}

export interface Answer {
  status: number;
  type: string;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export function request(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        // A body goes with its length: Node's client sends a GET's body unframed, which the
        // server then reads as the start of a next request (a parse error that cuts the socket).
        headers: {
          host: `127.0.0.1:${port}`,
          ...(options.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']).split(';')[0] ?? '',
            body,
            headers: res.headers,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export const post = (
  port: number,
  path: string,
  body: string,
  headers: Record<string, string> = {},
) =>
  request(port, path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
