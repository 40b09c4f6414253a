import { Router } from 'express';
import { apiPaths } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';

export function nodeRoutes(store: ClusterReader): Router {
  const router = Router();
  router.get(apiPaths.nodes, (_req, res) => {
    res.json(store.nodes());
  });
  return router;
}
