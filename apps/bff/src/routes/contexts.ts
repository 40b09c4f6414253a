import type { RequestHandler } from 'express';
import { apiRoutes } from '@pdbscope/shared/api';
import { HttpProblem } from '../http/problem.js';
import type { ContextControl } from '../session/context-switcher.js';
import { serve, type ServedRoute } from './table.js';

/** GET /api/contexts and POST /api/contexts/switch (400 unknown context, 409 not from a kubeconfig). */
export function contextRoutes(contexts: ContextControl, limiter: RequestHandler): ServedRoute[] {
  return [
    serve(apiRoutes.contexts, (call) => call.send(contexts.list())),
    serve(
      apiRoutes.switchContext,
      async (call) => {
        const outcome = await contexts.switchTo(call.body().context);
        if ('unknown' in outcome) throw new HttpProblem(400, outcome.unknown);
        if ('refused' in outcome) throw new HttpProblem(409, outcome.refused);
        call.send(outcome.switched);
      },
      { before: [limiter] },
    ),
  ];
}
