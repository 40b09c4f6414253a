import { Router } from 'express';
import { apiPaths } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';

export function findingRoutes(store: ClusterReader): Router {
  const router = Router();
  router.get(apiPaths.findings, async (_req, res) => {
    await store.analysed();
    res.json(store.findings());
  });
  return router;
}
