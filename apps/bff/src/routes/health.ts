import { apiRoutes, type HealthResponse } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { serve, type ServedRoute } from './table.js';

export function healthRoutes(store: Pick<ClusterReader, 'ready' | 'sources'>): ServedRoute[] {
  return [
    serve(apiRoutes.healthz, (call) => call.send({ status: 'ok' })),
    serve(apiRoutes.readyz, ({ res }) => {
      const ready = store.ready();
      const body: HealthResponse = { status: ready ? 'ok' : 'syncing', sources: store.sources() };
      res.status(ready ? 200 : 503).json(body);
    }),
  ];
}
