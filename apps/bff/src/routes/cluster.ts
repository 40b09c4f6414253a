import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { serve, type ServedRoute } from './table.js';

/** GET /api/cluster: answers before sync too, so the UI can show progress. */
export function clusterRoutes(store: ClusterReader): ServedRoute[] {
  return [serve(apiRoutes.cluster, (call) => call.send(store.cluster()))];
}
