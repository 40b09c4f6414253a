import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { serve, type ServedRoute } from './table.js';

export function nodeRoutes(store: ClusterReader): ServedRoute[] {
  return [
    serve(apiRoutes.nodes, (call) => call.send(store.nodes())),
    serve(apiRoutes.node, (call) => {
      const { name } = call.params();
      const node = store.node(name);
      if (!node) throw new HttpProblem(404, `node ${name} not found`);
      call.send(node);
    }),
  ];
}
