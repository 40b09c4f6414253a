import type { RequestHandler } from 'express';
import { apiRoutes } from '@pdbscope/shared/api';
import type { MetricsExposition } from '../metrics/bff-metrics.js';
import { serve, type ServedRoute } from './table.js';

/** GET /metrics: Prometheus' text format, collected from the store when scraped. */
export function metricsRoutes(
  registry: MetricsExposition,
  guards: readonly RequestHandler[],
): ServedRoute[] {
  return [
    serve(
      apiRoutes.metrics,
      async ({ res }) => {
        const body = await registry.metrics();
        res.setHeader('Cache-Control', 'no-store');
        res.type(registry.contentType).send(body);
      },
      { before: [...guards] },
    ),
  ];
}
