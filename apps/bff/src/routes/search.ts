import { DEFAULT_SEARCH_HITS, apiRoutes, looksLikeSelector } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { selectorParam } from '../http/selector-param.js';
import { serve, type ServedRoute } from './table.js';

/** The global search: a name, or a label selector when the text reads as one. */
export function searchRoutes(store: ClusterReader): ServedRoute[] {
  return [
    serve(apiRoutes.search, (call) => {
      const { q, limit } = call.query();
      const selector = looksLikeSelector(q) ? selectorParam('q', q) : undefined;
      call.send(store.search({ q, limit: limit ?? DEFAULT_SEARCH_HITS, selector }));
    }),
  ];
}
