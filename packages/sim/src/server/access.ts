import type { ResourceType, StoreError } from '../store/index.js';
import { forbidden } from '../store/index.js';
import type { ServerContext } from './context.js';

/**
 * RBAC as the forbid fault plays it: a forbidden namespace, and any cluster-wide read of a
 * namespaced type; a forbidden resource, at every scope.
 */
export function checkAccess(
  ctx: ServerContext,
  type: ResourceType,
  namespace: string | undefined,
  verb: string,
): StoreError | undefined {
  const { forbiddenNamespaces: denied, forbiddenResources } = ctx.faults.current;
  if (denied.size === 0 && forbiddenResources.size === 0) return undefined;
  const refused =
    forbiddenResources.has(type.resource) ||
    (namespace !== undefined ? denied.has(namespace) : type.namespaced && denied.size > 0);
  if (!refused) return undefined;
  const scope =
    namespace === undefined ? 'at the cluster scope' : `in the namespace "${namespace}"`;
  const qualified = type.group === '' ? type.resource : `${type.resource}.${type.group}`;
  return forbidden(
    `${qualified} is forbidden: User "${ctx.userName}" cannot ${verb} resource "${type.resource}" in API group "${type.group}" ${scope}`,
    type.group === '' ? { kind: type.resource } : { group: type.group, kind: type.resource },
  );
}
