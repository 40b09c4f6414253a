import { Router, type RequestHandler } from 'express';
import type { Registry } from 'prom-client';

/** GET /metrics: Prometheus' text format, collected from the store when scraped. */
export function metricsRoutes(registry: Registry, guards: readonly RequestHandler[]): Router {
  const router = Router();
  router.get('/metrics', ...guards, async (_req, res, next) => {
    try {
      const body = await registry.metrics();
      res.setHeader('Cache-Control', 'no-store');
      res.type(registry.contentType).send(body);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
