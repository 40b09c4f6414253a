import { Router, type RequestHandler } from 'express';
import { VerifyEvictionRequestSchema, apiPaths } from '@pdbscope/shared/api';
import type { EvictionVerifier } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { parseOr400 } from '../http/validate.js';

/** POST /api/verify/eviction: 403 unless started with --allow-dry-run-verify against a live cluster. */
export function verifyRoutes(
  verifier: EvictionVerifier | undefined,
  limiter: RequestHandler,
): Router {
  const router = Router();
  router.post(apiPaths.verifyEviction, limiter, async (req, res) => {
    if (!verifier) {
      throw new HttpProblem(
        403,
        'verify is disabled: it needs a live cluster and the --allow-dry-run-verify flag',
      );
    }
    const body = parseOr400(VerifyEvictionRequestSchema, req.body, 'body');
    const answer = await verifier.verify(body.pod);
    if ('unknown' in answer) throw new HttpProblem(404, `pod ${answer.unknown} not found`);
    res.json(answer);
  });
  return router;
}
