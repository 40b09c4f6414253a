import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { serve, type ServedRoute } from './table.js';

export function podRoutes(store: ClusterReader): ServedRoute[] {
  return [
    serve(apiRoutes.pod, (call) => {
      const { namespace, name } = call.params();
      const pod = store.pod({ namespace, name });
      if (!pod) {
        // Where pods may not be listed, a pod the BFF does not hold may well exist.
        const hidden = store.notVisible('pods', namespace);
        throw hidden === undefined
          ? new HttpProblem(404, `pod ${namespace}/${name} not found`)
          : new HttpProblem(403, `pod ${namespace}/${name} is not visible: ${hidden}`);
      }
      call.send(pod);
    }),
  ];
}
