import type { RequestHandler } from 'express';
import { apiRoutes } from '@pdbscope/shared/api';
import type { EvictionVerifier } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { serve, type ServedRoute } from './table.js';

/** POST /api/verify/eviction: 403 unless started with --allow-dry-run-verify against a live cluster. */
export function verifyRoutes(
  verifier: EvictionVerifier | undefined,
  limiter: RequestHandler,
): ServedRoute[] {
  return [
    serve(
      apiRoutes.verifyEviction,
      async (call) => {
        if (!verifier) {
          throw new HttpProblem(
            403,
            'verify is disabled: it needs a live cluster and the --allow-dry-run-verify flag',
          );
        }
        const answer = await verifier.verify(call.body().pod);
        if ('unknown' in answer) throw new HttpProblem(404, `pod ${answer.unknown} not found`);
        call.send(answer);
      },
      { before: [limiter] },
    ),
  ];
}
