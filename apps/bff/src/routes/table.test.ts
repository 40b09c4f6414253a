import { apiRoutes, routePath, type AnyApiRoute } from '@pdbscope/shared/api';
import { ManualClock } from '@pdbscope/sim/clock';
import type { Express } from 'express';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeStore } from '../__fixtures__/fake-store.js';
import { closeServedApps, request, serveApp } from '../__fixtures__/serve-app.js';
import { createApp } from '../app.js';
import { EventHub } from '../events/hub.js';
import { BudgetHistory } from '../history/budget-history.js';
import { memoryHistoryReader } from '../history/memory-reader.js';
import { expressPath } from './table.js';

/** The in-memory history over the fake store's one budget (empty: nothing was recorded). */
const history = () =>
  memoryHistoryReader({
    history: new BudgetHistory(),
    exists: (ref) =>
      ref.kind === 'PodDisruptionBudget' && ref.namespace === 'data' && ref.name === 'zookeeper',
    clock: new ManualClock(new Date(0)),
  });

afterEach(closeServedApps);

/** The part of Express 5's router layers this test reads. */
interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every `METHOD path` a router answers, its nested routers included. */
function servedRoutes(stack: readonly Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      return Object.keys(layer.route.methods).map((m) => `${m} ${String(layer.route?.path)}`);
    }
    return layer.handle?.stack ? servedRoutes(layer.handle.stack) : [];
  });
}

const tableRoutes = (Object.values(apiRoutes) as AnyApiRoute[]).map(
  (route) => `${route.method} ${expressPath(route.path)}`,
);

/** Values for each route's path parameters, naming objects the fake store has. */
const sampleParams: Record<string, string> = {
  kind: 'PodDisruptionBudget',
  namespace: 'data',
  name: 'zookeeper',
  id: 'PodDisruptionBudget/data/zookeeper',
  cluster: 'eu-1',
};

describe('the route table', () => {
  it('is exactly what the BFF serves: every route, method and path, nothing else', () => {
    const clock = new ManualClock(new Date(0));
    const app: Express = createApp({
      store: fakeStore(),
      hub: new EventHub({ clock, epoch: 't' }),
      logger: pino({ level: 'silent' }),
      clock,
      host: '127.0.0.1',
      port: 7070,
      metrics: { registry: new Registry(), public: true },
      history: history(),
      kubeEvents: { budgetEvents: () => undefined },
    });
    const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
    // The web app's page at `/` (there is no build here) is not part of the API.
    const served = servedRoutes(stack).filter((r) => r !== 'get /');
    expect(served.sort()).toStrictEqual([...tableRoutes].sort());
  });

  it('answers 503 before the first sync on exactly the routes that wait for readiness', async () => {
    const { port } = await serveApp({
      store: fakeStore({ ready: false }),
      metrics: { registry: new Registry(), public: true },
      history: history(),
      kubeEvents: { budgetEvents: () => undefined },
    });
    // The event stream stays open by design, so it is not asked here.
    const routes = (Object.values(apiRoutes) as AnyApiRoute[]).filter(
      (r) => r !== apiRoutes.events,
    );
    const answers = await Promise.all(
      routes.map((route) =>
        request(port, routePath(route, sampleParams), {
          method: route.method.toUpperCase(),
          headers: { 'content-type': 'application/json' },
          // No body on a GET: an unread body cuts short an answer streamed in pieces (over 64 kB,
          // as the OpenAPI document is), which no browser or kubectl request would send.
          ...(route.method === 'get' ? {} : { body: '{}' }),
        }),
      ),
    );
    const gated = routes.filter((_route, i) => {
      const answer = answers[i];
      return answer?.status === 503 && answer.type === 'application/problem+json';
    });
    expect(gated.map((r) => `${r.method} ${r.path}`)).toStrictEqual(
      routes.filter((r) => r.waitsForReady).map((r) => `${r.method} ${r.path}`),
    );
  });
});
