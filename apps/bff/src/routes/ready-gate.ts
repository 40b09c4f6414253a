import type { RequestHandler } from 'express';
import type { ClusterReader } from '../model.js';
import { sendProblem } from '../http/problem.js';

/** 503 until every source has synced: an answer from half a list would be wrong, not slow. */
export function readyGate(store: Pick<ClusterReader, 'ready' | 'sources'>): RequestHandler {
  return (_req, res, next) => {
    if (store.ready()) {
      next();
      return;
    }
    const waiting = store
      .sources()
      .filter(
        (s) =>
          s.state === 'syncing' ||
          ((s.state === 'degraded' || s.state === 'credentials') && s.objects === 0),
      )
      .map((s) => (s.reason ? `${s.id} (${s.reason})` : s.id));
    res.setHeader('Retry-After', '2');
    sendProblem(
      res,
      503,
      `still syncing with the cluster: waiting for ${waiting.join(', ') || 'sources'}`,
    );
  };
}
