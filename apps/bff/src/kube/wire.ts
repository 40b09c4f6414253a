import { readSchemaOf, type MessageSchema } from '@pdbscope/shared/protobuf';

/** Protobuf first, JSON when the server has no protobuf form of the resource (as client-go asks). */
export const PROTOBUF_ACCEPT = 'application/vnd.kubernetes.protobuf, application/json';
export const JSON_ACCEPT = 'application/json';

/**
 * The schema a collection's objects are decoded with when they come as protobuf, from its path
 * (`/api/v1/pods`, `/apis/apps/v1/namespaces/a/replicasets`); undefined for a resource read as
 * JSON only (custom resources: the API server has no protobuf form of them).
 */
export function protobufSchemaFor(path: string): MessageSchema | undefined {
  const m = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))\/(?:namespaces\/[^/]+\/)?([^/?]+)$/.exec(path);
  if (!m) return undefined;
  return readSchemaOf(m[1] ?? m[2] ?? '', m[3] ?? '');
}
