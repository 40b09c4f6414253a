import { Router } from 'express';
import { apiPaths } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';

/** GET /api/cluster: answers before sync too, so the UI can show progress. */
export function clusterRoutes(store: ClusterReader): Router {
  const router = Router();
  router.get(apiPaths.cluster, (_req, res) => {
    res.json(store.cluster());
  });
  return router;
}
