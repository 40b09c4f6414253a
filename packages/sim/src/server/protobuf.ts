import type { Result } from '@pdbscope/shared';
import { ProtobufError, decodeMessage, protobufKindNamed, unwrap } from '@pdbscope/shared/protobuf';

/**
 * A Kubernetes protobuf request body (`application/vnd.kubernetes.protobuf`: kubectl's typed
 * clients send `create namespace`, `create poddisruptionbudget`, `create deployment` so, and do
 * not retry as JSON) decoded into the object's JSON form with the shared field table.
 */
export function decodeKubernetesProtobuf(body: Uint8Array): Result<unknown> {
  try {
    const { apiVersion, kind, raw } = unwrap(body);
    const known = protobufKindNamed(apiVersion, kind);
    if (known === undefined)
      return {
        ok: false,
        error: `protobuf bodies of ${apiVersion}/${kind} are not decoded by the simulator (send JSON)`,
      };
    return { ok: true, value: { apiVersion, kind, ...decodeMessage(raw, known.schema) } };
  } catch (e) {
    if (e instanceof ProtobufError) return { ok: false, error: e.message };
    throw e;
  }
}
