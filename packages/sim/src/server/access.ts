import type { ResourceType, StoreError } from '../store/index.js';
import { forbidden } from '../store/index.js';
import type { ServerContext } from './context.js';

/** RBAC as the forbid fault plays it: a forbidden namespace, and any cluster-wide read of a namespaced type. */
export function checkAccess(ctx: ServerContext, type: ResourceType, namespace: string | undefined, verb: string): StoreError | undefined {
  const denied = ctx.faults.current.forbiddenNamespaces;
  if (denied.size === 0) return undefined;
  const scope =
    namespace !== undefined && denied.has(namespace)
      ? `in the namespace "${namespace}"`
      : namespace === undefined && type.namespaced
        ? 'at the cluster scope'
        : undefined;
  if (scope === undefined) return undefined;
  const qualified = type.group === '' ? type.resource : `${type.resource}.${type.group}`;
  return forbidden(
    `${qualified} is forbidden: User "${ctx.userName}" cannot ${verb} resource "${type.resource}" in API group "${type.group}" ${scope}`,
    type.group === '' ? { kind: type.resource } : { group: type.group, kind: type.resource },
  );
}
