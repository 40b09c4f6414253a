import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { serve, type ServedRoute } from './table.js';

/** Overlaps and findings come from the analysis: the first answers wait for its first run. */
export function analysisRoutes(store: ClusterReader): ServedRoute[] {
  return [
    serve(apiRoutes.findings, async (call) => {
      await store.analysed();
      call.send(store.findings());
    }),
    serve(apiRoutes.overlaps, async (call) => {
      await store.analysed();
      call.send(store.overlaps());
    }),
  ];
}
