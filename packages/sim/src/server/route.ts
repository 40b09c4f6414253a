import type { ResourceType } from '../store/index.js';
import { resourceType } from '../store/index.js';

/** A request for a Kubernetes resource path. */
export interface ResourceRoute {
  kind: 'resource';
  type: ResourceType;
  namespace?: string;
  name?: string;
  subresource?: string;
}

export type Route =
  | ResourceRoute
  | { kind: 'discovery'; path: string }
  | { kind: 'unknown-resource'; group: string; version: string; resource: string }
  | { kind: 'not-found' };

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

/** Maps a URL path onto what it names; nothing here knows about HTTP methods. */
export function route(pathname: string): Route {
  const parts = pathname
    .split('/')
    .filter((p) => p !== '')
    .map(decodeURIComponent);
  if (parts[0] === 'api') {
    if (parts.length <= 2) return { kind: 'discovery', path: pathname.replace(/\/+$/, '') };
    return resourcePath('', parts[1] ?? '', parts.slice(2));
  }
  if (parts[0] === 'apis') {
    if (parts.length <= 3) return { kind: 'discovery', path: pathname.replace(/\/+$/, '') };
    return resourcePath(parts[1] ?? '', parts[2] ?? '', parts.slice(3));
  }
  if (parts[0] === 'openapi') return { kind: 'discovery', path: pathname.replace(/\/+$/, '') };
  if (parts.length === 1 && ['version', 'healthz', 'livez', 'readyz'].includes(parts[0] ?? '')) {
    return { kind: 'discovery', path: `/${parts[0] ?? ''}` };
  }
  return { kind: 'not-found' };
}

function resourcePath(group: string, version: string, rest: string[]): Route {
  let namespace: string | undefined;
  let tail = rest;
  if (rest[0] === 'namespaces' && rest.length >= 3 && !NAMESPACE_SUBRESOURCES.has(rest[2] ?? '')) {
    namespace = rest[1];
    tail = rest.slice(2);
  }
  const [resource = '', name, subresource, ...extra] = tail;
  if (extra.length > 0) return { kind: 'not-found' };
  const type = resourceType(resource);
  if (type === undefined || type.group !== group || type.version !== version) {
    return { kind: 'unknown-resource', group, version, resource };
  }
  if (namespace !== undefined && !type.namespaced) return { kind: 'not-found' };
  if (subresource !== undefined && !type.subresources.includes(subresource))
    return { kind: 'not-found' };
  const r: ResourceRoute = { kind: 'resource', type };
  if (namespace !== undefined) r.namespace = namespace;
  if (name !== undefined) r.name = name;
  if (subresource !== undefined) r.subresource = subresource;
  return r;
}
