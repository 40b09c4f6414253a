import express, { type Express, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import compression from 'compression';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Clock } from '@pdbscope/shared/clock';
import type { MetricsExposition } from './metrics/bff-metrics.js';
import type { EventHub } from './events/hub.js';
import { TokenAuth, authGuard } from './http/auth.js';
import { hostPolicy, originGuard } from './http/guard.js';
import { notFoundHandler, problemHandler, sendProblem } from './http/problem.js';
import { SessionStore } from './http/session-store.js';
import { SignInThrottle } from './http/sign-in-throttle.js';
import type { ClusterReader, EvictionVerifier, HistoryReader } from './model.js';
import { analysisRoutes } from './routes/analysis.js';
import { budgetRoutes } from './routes/budgets.js';
import { clusterRoutes } from './routes/cluster.js';
import { contextRoutes } from './routes/contexts.js';
import type { ContextControl } from './session/context-switcher.js';
import { eventRoutes } from './routes/events.js';
import type { FleetReader } from './fleet/fleet-reader.js';
import { fleetRoutes } from './routes/fleet.js';
import { healthRoutes } from './routes/health.js';
import { historyRoutes } from './routes/history.js';
import { kubeEventRoutes, type BudgetEventsReader } from './routes/kube-events.js';
import { metricsRoutes } from './routes/metrics.js';
import { nodeRoutes } from './routes/nodes.js';
import { openApiRoutes } from './routes/openapi.js';
import { podRoutes } from './routes/pods.js';
import { readyGate } from './routes/ready-gate.js';
import { searchRoutes } from './routes/search.js';
import { sessionRoutes } from './routes/session.js';
import { simulateRoutes } from './routes/simulate.js';
import { tableRouter } from './routes/table.js';
import { verifyRoutes } from './routes/verify.js';
import { webRoutes, webScriptSources } from './routes/web.js';

export interface AppOptions {
  store: ClusterReader;
  hub: EventHub;
  logger: Logger;
  /** Time and timers: sessions' expiry, delayed sign-in answers, /readyz's staleness. */
  clock: Clock;
  /** Where the server listens: decides which Host headers are ours. */
  host: string;
  port: number;
  /** More Host names accepted (ingress, Service name). */
  extraHosts?: readonly string[];
  /** Require `Authorization: Bearer` or a session cookie (POST /api/session) on /api when set. */
  token?: string;
  /** Where sessions live; tests inject one to control ids and time. */
  sessions?: SessionStore;
  /** Present only with --allow-dry-run-verify against a live cluster. */
  verifier?: EvictionVerifier;
  /** The kubeconfig's contexts and the switch; absent, the one cluster cannot be switched. */
  contexts?: ContextControl;
  /** Context switches per minute per client (default 10). */
  switchRateLimit?: number;
  /** The built web app (apps/web/dist), served with an SPA fallback. */
  webDist?: string;
  /** Requests per minute per client on simulate and verify. */
  simulateRateLimit?: number;
  verifyRateLimit?: number;
  /** Failed sign-ins a minute (all clients together) answered at once; later ones wait (see SignInThrottle). */
  sessionRateLimit?: number;
  /** How long a failed sign-in beyond that waits for its 401 (default 1 s). */
  signInDelayMs?: number;
  /** GET /api/budgets/{kind}/{namespace}/{name}/history; absent, no such route. */
  history?: HistoryReader;
  /** GET /api/budgets/{kind}/{namespace}/{name}/events; absent, no such route. */
  kubeEvents?: BudgetEventsReader;
  /** /readyz and /livez: the staleness threshold (default 5 min), the loop watch. */
  health?: { staleAfterMs?: number; wedged?: () => string | undefined };
  /** GET /api/fleet from Prometheus (--fleet-prometheus); absent, those routes answer 404. */
  fleet?: FleetReader;
  /** GET /metrics; absent, no such route. */
  metrics?: {
    registry: MetricsExposition;
    /** Without the token (--metrics-public); otherwise it takes the token as /api does. */
    public: boolean;
  };
}

/** How long a source may be away from `live` before /readyz says the data is stale. */
export const DEFAULT_STALE_AFTER_MS = 5 * 60_000;

function limiter(options: {
  limit: number;
  what: string;
  countSuccesses?: boolean;
}): RequestHandler {
  const { limit, what } = options;
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.countSuccesses === false,
    handler: (_req, res) =>
      sendProblem(res, 429, `too many ${what} requests: at most ${limit} a minute`),
  });
}

/** The HTTP application: security, the API, the event stream and the web app. No Kubernetes here. */
export function createApp(options: AppOptions): Express {
  const { store, hub, logger, clock } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const auth =
    options.token === undefined
      ? undefined
      : new TokenAuth({
          token: options.token,
          sessions: options.sessions ?? new SessionStore({ clock }),
        });
  const gate = readyGate(store);
  const guardOrigin = originGuard(
    hostPolicy({ host: options.host, port: options.port, extraHosts: options.extraHosts ?? [] }),
  );
  // Prometheus scrapes a pod by its IP, a Host no policy can list: /metrics checks the Host only
  // when nothing else protects it (no token, not public). A rebinding page cannot send the token.
  if (options.metrics) {
    const guards = options.metrics.public ? [] : auth ? [authGuard(auth)] : [guardOrigin];
    app.use(tableRouter(metricsRoutes(options.metrics.registry, guards), gate));
  }
  app.use(guardOrigin);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...webScriptSources(options.webDist)],
          'connect-src': ["'self'"],
          'img-src': ["'self'", 'data:'],
          'upgrade-insecure-requests': null,
        },
      },
      strictTransportSecurity: false,
    }),
  );
  // Answers over 1 kB and the static assets are compressed when the client accepts it (a list of
  // 10,000 budgets: 6.5 MB of JSON); the event stream never is, so no event waits in a buffer.
  app.use(
    compression({
      threshold: 1024,
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
        compression.filter(req, res),
    }),
  );
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Signing in comes before the guard (it is how a browser gets past it), behind the origin guard.
  const signInThrottle = new SignInThrottle({
    clock,
    freePerMinute: options.sessionRateLimit ?? 10,
    delayMs: options.signInDelayMs ?? 1000,
  });
  app.use(tableRouter(sessionRoutes(auth, signInThrottle), gate));
  app.use('/api', authGuard(auth));
  app.use('/api', express.json({ limit: '64kb', strict: true }));
  const simulateLimiter = limiter({ limit: options.simulateRateLimit ?? 120, what: 'simulate' });
  const verifyLimiter = limiter({ limit: options.verifyRateLimit ?? 20, what: 'verify' });
  const switchLimiter = limiter({ limit: options.switchRateLimit ?? 10, what: 'context switch' });
  const contexts: ContextControl = options.contexts ?? {
    list: () => ({
      current: store.cluster().context,
      switchable: false,
      reason: 'this server watches one cluster',
      contexts: [],
    }),
    switchTo: () =>
      Promise.resolve({ refused: 'cannot switch context: this server watches one cluster' }),
  };
  app.use(
    tableRouter(
      [
        ...healthRoutes({
          store,
          ...(auth ? { auth } : {}),
          staleAfterMs: options.health?.staleAfterMs ?? DEFAULT_STALE_AFTER_MS,
          clock,
          wedged: options.health?.wedged ?? (() => undefined),
        }),
        ...openApiRoutes(),
        ...clusterRoutes(store),
        ...contextRoutes(contexts, switchLimiter),
        ...eventRoutes(hub, auth?.sessions),
        ...budgetRoutes(store),
        ...(options.history ? historyRoutes(options.history) : []),
        ...(options.kubeEvents ? kubeEventRoutes(options.kubeEvents) : []),
        ...podRoutes(store),
        ...searchRoutes(store),
        ...nodeRoutes(store),
        ...analysisRoutes(store),
        ...simulateRoutes(store, simulateLimiter),
        ...verifyRoutes(options.verifier, verifyLimiter),
        ...fleetRoutes(options.fleet),
      ],
      gate,
    ),
  );
  app.use('/api', (req, res) =>
    sendProblem(res, 404, `no API route ${req.method} ${req.originalUrl}`),
  );
  app.use(webRoutes(options.webDist));
  app.use(notFoundHandler);
  app.use(problemHandler(logger));
  return app;
}
