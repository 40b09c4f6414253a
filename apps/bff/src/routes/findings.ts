import { Router } from 'express';
import { apiPaths } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';

export function findingRoutes(store: ClusterReader): Router {
  const router = Router();
  router.get(apiPaths.findings, (_req, res) => {
    res.json(store.findings());
  });
  return router;
}
