import type { ResourceType } from '../store/index.js';
import type { ServedGroups } from '../store/index.js';
import { EVERY_GROUP, apiVersionOf, groupVersions, servedTypes } from '../store/index.js';
import { openApiDocument } from './openapi.js';

/** What `/version` reports: a recent kube-apiserver. */
export const VERSION_INFO = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.0-pdbscope-sim',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2024-12-11T00:00:00Z',
  goVersion: 'go1.23.4',
  compiler: 'gc',
  platform: 'linux/amd64',
};

/** What each subresource answers with, and its verbs. */
export const SUBRESOURCE_KINDS: Readonly<
  Record<string, { group?: string; version?: string; kind?: string; verbs: string[] }>
> = {
  status: { verbs: ['get', 'patch', 'update'] },
  scale: { group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] },
  eviction: { group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] },
  finalize: { verbs: ['update'] },
};

function resourceEntries(t: ResourceType): Record<string, unknown>[] {
  const main: Record<string, unknown> = {
    name: t.resource,
    singularName: t.singularName,
    namespaced: t.namespaced,
    kind: t.kind,
    verbs: t.verbs,
  };
  if (t.shortNames.length > 0) main.shortNames = t.shortNames;
  if (t.categories.length > 0) main.categories = t.categories;
  const subs = t.subresources.map((s) => {
    const k = SUBRESOURCE_KINDS[s] ?? { verbs: ['get'] };
    const e: Record<string, unknown> = {
      name: `${t.resource}/${s}`,
      singularName: '',
      namespaced: t.namespaced,
    };
    if (k.group !== undefined) e.group = k.group;
    if (k.version !== undefined) e.version = k.version;
    e.kind = k.kind ?? t.kind;
    e.verbs = k.verbs;
    return e;
  });
  return [main, ...subs];
}

function apiGroup(group: string, served: ServedGroups): Record<string, unknown> {
  const versions = groupVersions(served)
    .filter((gv) => gv.group === group)
    .map((gv) => ({ groupVersion: apiVersionOf(gv), version: gv.version }));
  return { name: group, versions, preferredVersion: versions[0] };
}

/** The discovery document for a path, or undefined when the path names no group or version. */
export function discoveryDocument(path: string, served: ServedGroups = EVERY_GROUP): unknown {
  if (path === '/version') return VERSION_INFO;
  if (path === '/healthz' || path === '/livez' || path === '/readyz') return 'ok';
  if (path.startsWith('/openapi/')) return openApiDocument(path, served);
  if (path === '/api') {
    return {
      kind: 'APIVersions',
      versions: ['v1'],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1:6443' }],
    };
  }
  if (path === '/apis') {
    const groups = [...new Set(groupVersions(served).map((gv) => gv.group))].filter(
      (g) => g !== '',
    );
    return {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: groups.map((g) => apiGroup(g, served)),
    };
  }
  const parts = path.split('/').filter((p) => p !== '');
  const group = parts[0] === 'api' ? '' : (parts[1] ?? '');
  const version = parts[0] === 'api' ? parts[1] : parts[2];
  if (parts[0] === 'apis' && version === undefined) {
    const g = apiGroup(group, served);
    return (g.versions as unknown[]).length === 0
      ? undefined
      : { kind: 'APIGroup', apiVersion: 'v1', ...g };
  }
  const types = servedTypes(served).filter((t) => t.group === group && t.version === version);
  if (types.length === 0) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: apiVersionOf({ group, version: version ?? '' }),
    resources: types.flatMap(resourceEntries),
  };
}
