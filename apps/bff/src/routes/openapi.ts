import { Router } from 'express';
import { apiPaths } from '@pdbscope/shared/api';
import { buildOpenApiDocument } from '@pdbscope/shared/api/openapi';

export function openApiRoutes(): Router {
  const router = Router();
  let document: unknown;
  router.get(apiPaths.openapi, (_req, res) => {
    document ??= buildOpenApiDocument();
    res.json(document);
  });
  return router;
}
