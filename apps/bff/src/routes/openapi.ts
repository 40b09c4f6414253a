import { apiRoutes } from '@pdbscope/shared/api';
import { buildOpenApiDocument } from '@pdbscope/shared/api/openapi';
import { serve, type ServedRoute } from './table.js';

export function openApiRoutes(): ServedRoute[] {
  let document: Record<string, unknown> | undefined;
  return [
    serve(apiRoutes.openapi, (call) => {
      document ??= { ...buildOpenApiDocument() };
      call.send(document);
    }),
  ];
}
