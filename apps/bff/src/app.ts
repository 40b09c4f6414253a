import express, { type Express, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { EventHub } from './events/hub.js';
import { bearerGuard, hostPolicy, originGuard } from './http/guard.js';
import { problemHandler, sendProblem } from './http/problem.js';
import type { ClusterReader, EvictionVerifier } from './model.js';
import { budgetRoutes } from './routes/budgets.js';
import { clusterRoutes } from './routes/cluster.js';
import { eventRoutes } from './routes/events.js';
import { findingRoutes } from './routes/findings.js';
import { healthRoutes } from './routes/health.js';
import { nodeRoutes } from './routes/nodes.js';
import { openApiRoutes } from './routes/openapi.js';
import { overlapRoutes } from './routes/overlaps.js';
import { podRoutes } from './routes/pods.js';
import { readyGate } from './routes/ready-gate.js';
import { simulateRoutes } from './routes/simulate.js';
import { verifyRoutes } from './routes/verify.js';
import { webRoutes } from './routes/web.js';

export interface AppOptions {
  store: ClusterReader;
  hub: EventHub;
  logger: Logger;
  /** Where the server listens: decides which Host headers are ours. */
  host: string;
  port: number;
  /** More Host names accepted (ingress, Service name). */
  extraHosts?: readonly string[];
  /** Require `Authorization: Bearer` on /api when set. */
  token?: string;
  /** Present only with --allow-dry-run-verify against a live cluster. */
  verifier?: EvictionVerifier;
  /** The built web app (apps/web/dist), served with an SPA fallback. */
  webDist?: string;
  /** Requests per minute per client on simulate and verify. */
  simulateRateLimit?: number;
  verifyRateLimit?: number;
}

function limiter(limit: number, what: string): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) =>
      sendProblem(res, 429, `too many ${what} requests: at most ${limit} a minute`),
  });
}

/** The HTTP application: security, the API, the event stream and the web app. No Kubernetes here. */
export function createApp(options: AppOptions): Express {
  const { store, hub, logger } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    originGuard(
      hostPolicy({ host: options.host, port: options.port, extraHosts: options.extraHosts ?? [] }),
    ),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'connect-src': ["'self'"],
          'img-src': ["'self'", 'data:'],
          'upgrade-insecure-requests': null,
        },
      },
      strictTransportSecurity: false,
    }),
  );
  app.use('/api', bearerGuard(options.token));
  app.use('/api', express.json({ limit: '64kb', strict: true }));
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  app.use(healthRoutes(store));
  app.use(openApiRoutes());
  app.use(clusterRoutes(store));
  app.use(eventRoutes(hub));
  const gate = readyGate(store);
  app.use(
    [
      '/api/budgets',
      '/api/pods',
      '/api/nodes',
      '/api/overlaps',
      '/api/findings',
      '/api/simulate',
      '/api/verify',
    ],
    gate,
  );
  app.use(budgetRoutes(store));
  app.use(podRoutes(store));
  app.use(nodeRoutes(store));
  app.use(overlapRoutes(store));
  app.use(findingRoutes(store));
  app.use(simulateRoutes(store, limiter(options.simulateRateLimit ?? 120, 'simulate')));
  app.use(verifyRoutes(options.verifier, limiter(options.verifyRateLimit ?? 20, 'verify')));
  app.use('/api', (req, res) =>
    sendProblem(res, 404, `no API route ${req.method} ${req.originalUrl}`),
  );
  app.use(webRoutes(options.webDist));
  app.use(problemHandler(logger));
  return app;
}
