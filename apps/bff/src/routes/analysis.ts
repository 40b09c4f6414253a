import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { serve, type ServedRoute } from './table.js';

/**
 * Overlaps and findings come from the analysis: the first answers wait for its first run. Each
 * answers one page of what matches its filters, never the whole list.
 */
export function analysisRoutes(store: ClusterReader): ServedRoute[] {
  return [
    serve(apiRoutes.findings, async (call) => {
      const query = call.query();
      await store.analysed();
      call.send(store.findings(query));
    }),
    serve(apiRoutes.overlaps, async (call) => {
      const query = call.query();
      await store.analysed();
      call.send(store.overlaps(query));
    }),
    serve(apiRoutes.overlapPairs, async (call) => {
      const { id } = call.params();
      const query = call.query();
      await store.analysed();
      const page = store.overlapPairs(id, query);
      if (!page)
        throw new HttpProblem(404, `no overlap group ${id} (the analysis may have changed)`);
      call.send(page);
    }),
  ];
}
