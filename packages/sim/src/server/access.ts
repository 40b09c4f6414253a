import type { ResourceType, StoreError } from '../store/index.js';
import { forbidden, internalError, unauthorized } from '../store/index.js';
import type { ServerContext } from './context.js';

/**
 * RBAC as the forbid fault plays it: a forbidden namespace, and any cluster-wide read of a
 * namespaced type; a forbidden resource, at every scope; a resource forbidden in some namespaces,
 * there and cluster-wide.
 */
export function checkAccess(
  ctx: ServerContext,
  type: ResourceType,
  namespace: string | undefined,
  verb: string,
): StoreError | undefined {
  const {
    forbiddenNamespaces: denied,
    forbiddenResources,
    forbiddenInNamespaces,
  } = ctx.faults.current;
  if (denied.size === 0 && forbiddenResources.size === 0 && forbiddenInNamespaces.size === 0)
    return undefined;
  const deniedHere = forbiddenInNamespaces.get(type.resource);
  const refused =
    forbiddenResources.has(type.resource) ||
    (namespace !== undefined
      ? denied.has(namespace) || (deniedHere?.has(namespace) ?? false)
      : type.namespaced && (denied.size > 0 || deniedHere !== undefined));
  if (!refused) return undefined;
  const scope =
    namespace === undefined ? 'at the cluster scope' : `in the namespace "${namespace}"`;
  const qualified = type.group === '' ? type.resource : `${type.resource}.${type.group}`;
  return forbidden(
    `${qualified} is forbidden: User "${ctx.userName}" cannot ${verb} resource "${type.resource}" in API group "${type.group}" ${scope}`,
    type.group === '' ? { kind: type.resource } : { group: type.group, kind: type.resource },
  );
}

/**
 * Authentication as the token and client-certificate faults play it. A client certificate the
 * simulator's CA signed authenticates its subject (CN), unless that CN was revoked (401, as an
 * expired certificate is). Otherwise, with no accepted tokens everyone is let in; else a request
 * needs `Authorization: Bearer <token>` with a token not yet expired, and is answered 401 (as
 * kube-apiserver answers an expired service-account or exec-plugin token) otherwise.
 */
export function checkAuthentication(
  ctx: ServerContext,
  request: { authorization: string | undefined; clientCertCommonName: string | undefined },
): StoreError | undefined {
  const cn = request.clientCertCommonName;
  if (cn !== undefined)
    return ctx.faults.current.revokedClientCerts.has(cn) ? unauthorized() : undefined;
  const accepted = ctx.faults.current.acceptedTokens;
  if (accepted.size === 0) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.authorization ?? '');
  const expiry = bearer === null ? undefined : accepted.get(bearer[1] ?? '');
  if (expiry !== undefined && expiry > ctx.clock.now().getTime()) return undefined;
  return unauthorized();
}

/** The break fault: a request in a broken namespace answers 500, as when etcd times out. */
export function checkAvailable(
  ctx: ServerContext,
  namespace: string | undefined,
): StoreError | undefined {
  if (namespace === undefined || !ctx.faults.current.brokenNamespaces.has(namespace))
    return undefined;
  return internalError(
    `etcdserver: request timed out (namespace "${namespace}" broken by /_sim/faults/break)`,
  );
}
