import type { ServedGroups } from '../store/index.js';
import { EVERY_GROUP, apiVersionOf, groupVersions, servedTypes } from '../store/index.js';

/**
 * The OpenAPI v3 discovery kubectl needs before create/apply: per group/version, the PATCH operation
 * of each kind declaring the `fieldValidation` query parameter, so kubectl leaves validation to the
 * server instead of downloading full schemas. No component schemas are served: kubectl apply then
 * computes strategic merge patches from its compiled-in types (JSON merge patches for PUBs).
 */
function gvPath(group: string, version: string): string {
  return group === '' ? `api/${version}` : `apis/${group}/${version}`;
}

const HASH = 'pdbscope-sim-1';

export function openApiDocument(path: string, served: ServedGroups = EVERY_GROUP): unknown {
  if (path === '/openapi/v3') {
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const gv of groupVersions(served)) {
      const p = gvPath(gv.group, gv.version);
      paths[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${HASH}` };
    }
    return { paths };
  }
  const gv = groupVersions(served).find(
    (g) => path === `/openapi/v3/${gvPath(g.group, g.version)}`,
  );
  if (gv === undefined) return undefined;
  const paths: Record<string, unknown> = {};
  for (const t of servedTypes(served).filter(
    (r) => r.group === gv.group && r.version === gv.version,
  )) {
    const scope = t.namespaced ? 'namespaces/{namespace}/' : '';
    paths[`/${gvPath(t.group, t.version)}/${scope}${t.resource}/{name}`] = {
      patch: {
        operationId: `patch${t.kind}`,
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': { group: t.group, version: t.version, kind: t.kind },
        parameters: [
          { name: 'dryRun', in: 'query', schema: { type: 'string', uniqueItems: true } },
          { name: 'fieldManager', in: 'query', schema: { type: 'string', uniqueItems: true } },
          { name: 'fieldValidation', in: 'query', schema: { type: 'string', uniqueItems: true } },
        ],
        responses: {},
      },
    };
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: `${apiVersionOf(gv)}` }, paths };
}
