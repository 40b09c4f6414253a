import type { RequestHandler } from 'express';
import { apiRoutes } from '@pdbscope/shared/api';
import { withBurstHeapGrowth } from '../heap-settle.js';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { dataAsOf } from './as-of.js';
import { serve, type ServedRoute } from './table.js';

/** Simulations and what-ifs run on a copy of the index: nothing is evicted or written, ever. */
export function simulateRoutes(store: ClusterReader, limiter: RequestHandler): ServedRoute[] {
  const before = [limiter];
  return [
    serve(
      apiRoutes.simulateEvictions,
      (call) => {
        const answer = store.simulateEvictions(call.body().pods);
        if ('unknown' in answer) throw new HttpProblem(404, `pod ${answer.unknown} not found`);
        call.send({ ...answer, ...dataAsOf(store) });
      },
      { before },
    ),
    serve(
      apiRoutes.simulateDrain,
      (call) => {
        const answer = store.simulateDrain(call.body());
        if ('unknown' in answer) throw new HttpProblem(404, `node ${answer.unknown} not found`);
        call.send({ ...answer, ...dataAsOf(store) });
      },
      { before },
    ),
    serve(
      apiRoutes.simulateUpgrade,
      (call) => {
        // A pool's forecast is a burst of objects that outlive the young generation.
        const answer = withBurstHeapGrowth(() => store.simulateUpgrade(call.body()));
        if ('invalid' in answer) throw new HttpProblem(400, answer.invalid);
        call.send({ ...answer, ...dataAsOf(store) });
      },
      { before },
    ),
    serve(
      apiRoutes.whatIf,
      (call) => {
        const answer = withBurstHeapGrowth(() => store.whatIf(call.body()));
        if ('refused' in answer) {
          const [first] = answer.refused;
          const more = answer.refused.length > 1 ? ` (and ${answer.refused.length - 1} more)` : '';
          throw new HttpProblem(
            400,
            `the changes do not apply: ${first?.path ?? ''}: ${first?.message ?? ''}${more}`,
            answer.refused,
          );
        }
        call.send(answer);
      },
      { before },
    ),
    serve(
      apiRoutes.simulatePreemption,
      (call) => {
        const answer = store.simulatePreemption(call.body());
        if ('invalid' in answer) throw new HttpProblem(400, answer.invalid);
        call.send({ ...answer, ...dataAsOf(store) });
      },
      { before },
    ),
  ];
}
