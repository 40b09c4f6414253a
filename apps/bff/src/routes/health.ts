import { Router } from 'express';
import { apiPaths, type HealthResponse } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';

export function healthRoutes(store: Pick<ClusterReader, 'ready' | 'sources'>): Router {
  const router = Router();
  router.get(apiPaths.healthz, (_req, res) => {
    const body: HealthResponse = { status: 'ok' };
    res.json(body);
  });
  router.get(apiPaths.readyz, (_req, res) => {
    const ready = store.ready();
    const body: HealthResponse = { status: ready ? 'ok' : 'syncing', sources: store.sources() };
    res.status(ready ? 200 : 503).json(body);
  });
  return router;
}
