import { Router } from 'express';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';

export function podRoutes(store: ClusterReader): Router {
  const router = Router();
  router.get('/api/pods/:namespace/:name', (req, res) => {
    const { namespace, name } = req.params;
    const pod = store.pod({ namespace, name });
    if (!pod) throw new HttpProblem(404, `pod ${namespace}/${name} not found`);
    res.json(pod);
  });
  return router;
}
