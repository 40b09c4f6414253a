import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { serve, type ServedRoute } from './table.js';

export function podRoutes(store: ClusterReader): ServedRoute[] {
  return [
    serve(apiRoutes.pod, (call) => {
      const { namespace, name } = call.params();
      const pod = store.pod({ namespace, name });
      if (!pod) throw new HttpProblem(404, `pod ${namespace}/${name} not found`);
      call.send(pod);
    }),
  ];
}
