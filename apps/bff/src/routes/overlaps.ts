import { Router } from 'express';
import { apiPaths } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';

export function overlapRoutes(store: ClusterReader): Router {
  const router = Router();
  router.get(apiPaths.overlaps, async (_req, res) => {
    await store.analysed();
    res.json(store.overlaps());
  });
  return router;
}
