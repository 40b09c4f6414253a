import { Router, type RequestHandler } from 'express';
import {
  SimulateDrainRequestSchema,
  SimulateEvictionsRequestSchema,
  apiPaths,
} from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { parseOr400 } from '../http/validate.js';

/** Simulations run on a copy of the index: nothing is evicted, ever. */
export function simulateRoutes(store: ClusterReader, limiter: RequestHandler): Router {
  const router = Router();
  router.post(apiPaths.simulateEvictions, limiter, (req, res) => {
    const body = parseOr400(SimulateEvictionsRequestSchema, req.body, 'body');
    const answer = store.simulateEvictions(body.pods);
    if ('unknown' in answer) throw new HttpProblem(404, `pod ${answer.unknown} not found`);
    res.json(answer);
  });
  router.post(apiPaths.simulateDrain, limiter, (req, res) => {
    const body = parseOr400(SimulateDrainRequestSchema, req.body, 'body');
    const answer = store.simulateDrain(body.node);
    if ('unknown' in answer) throw new HttpProblem(404, `node ${answer.unknown} not found`);
    res.json(answer);
  });
  return router;
}
