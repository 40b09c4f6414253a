import type { ResourceType, ServedGroups } from '../store/index.js';
import { EVERY_GROUP, groupVersions, servedTypes } from '../store/index.js';
import { SUBRESOURCE_KINDS } from './discovery.js';
import type { Accepted } from './http.js';

/** The media type of aggregated discovery (apidiscovery.k8s.io/v2), which kubectl asks for first. */
export const AGGREGATED_DISCOVERY_TYPE =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

export function wantsAggregatedDiscovery(accept: readonly Accepted[]): boolean {
  return accept.some(
    (a) =>
      a.type === 'application/json' &&
      a.params.g === 'apidiscovery.k8s.io' &&
      a.params.v === 'v2' &&
      a.params.as === 'APIGroupDiscoveryList',
  );
}

function resource(t: ResourceType): Record<string, unknown> {
  const r: Record<string, unknown> = {
    resource: t.resource,
    responseKind: { group: t.group, version: t.version, kind: t.kind },
    scope: t.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: t.singularName,
    verbs: t.verbs,
  };
  if (t.shortNames.length > 0) r.shortNames = t.shortNames;
  if (t.categories.length > 0) r.categories = t.categories;
  if (t.subresources.length > 0) {
    r.subresources = t.subresources.map((s) => {
      const k = SUBRESOURCE_KINDS[s] ?? { verbs: ['get'] };
      return {
        subresource: s,
        responseKind: {
          group: k.group ?? t.group,
          version: k.version ?? t.version,
          kind: k.kind ?? t.kind,
        },
        verbs: k.verbs,
      };
    });
  }
  return r;
}

/** `/api` (the core group) or `/apis` (every other group) as one APIGroupDiscoveryList. */
export function aggregatedDiscovery(
  path: '/api' | '/apis',
  served: ServedGroups = EVERY_GROUP,
): Record<string, unknown> {
  const core = path === '/api';
  const groups = [...new Set(groupVersions(served).map((gv) => gv.group))].filter(
    (g) => (g === '') === core,
  );
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion: 'apidiscovery.k8s.io/v2',
    metadata: {},
    items: groups.map((group) => ({
      metadata: { ...(group === '' ? {} : { name: group }), creationTimestamp: null },
      versions: groupVersions(served)
        .filter((gv) => gv.group === group)
        .map((gv) => ({
          version: gv.version,
          resources: servedTypes(served)
            .filter((t) => t.group === group && t.version === gv.version)
            .map(resource),
          freshness: 'Current',
        })),
    })),
  };
}
