import { Router } from 'express';
import { apiPaths } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';

export function nodeRoutes(store: ClusterReader): Router {
  const router = Router();
  router.get(apiPaths.nodes, (_req, res) => {
    res.json(store.nodes());
  });
  router.get(`${apiPaths.nodes}/:name`, (req, res) => {
    const node = store.node(req.params.name);
    if (!node) throw new HttpProblem(404, `node ${req.params.name} not found`);
    res.json(node);
  });
  return router;
}
