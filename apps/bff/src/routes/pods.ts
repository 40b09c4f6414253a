import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { selectorParam } from '../http/selector-param.js';
import { serve, type ServedRoute } from './table.js';

export function podRoutes(store: ClusterReader): ServedRoute[] {
  return [
    // The "several budgets" filter counts as the overlap analysis does, and a group is one of
    // its groups: the first answer after ready waits for it, as the budget list does.
    serve(apiRoutes.pods, async (call) => {
      const query = call.query();
      const labels = selectorParam('labels', query.labels);
      await store.analysed();
      const answer = store.pods(query, labels);
      if ('unknownGroup' in answer)
        throw new HttpProblem(
          404,
          `no overlap group ${answer.unknownGroup} (the analysis may have changed)`,
        );
      call.send(answer);
    }),
    serve(apiRoutes.namespaces, (call) => call.send(store.namespaces())),
    serve(apiRoutes.priorityClasses, (call) => call.send(store.priorityClasses())),
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
