import type { Result } from '@pdbscope/shared';
import { badRequest } from './errors.js';
import {
  applyJsonPatch,
  applyMergePatch,
  applyStrategicMergePatch,
  isObject,
} from './patch/index.js';
import type { StoreError } from './errors.js';
import type { KubeObject } from './types.js';

export type PatchType = 'merge' | 'strategic' | 'json';

/** Content types of PATCH requests and the patch each names. */
export const PATCH_CONTENT_TYPES: Readonly<Record<string, PatchType>> = {
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/json-patch+json': 'json',
};

/** Fields with patchStrategy "replace" per resource (policy/v1 PDB selector: TestPatchCompatibility). */
const REPLACE_PATHS: Readonly<Record<string, ReadonlySet<string>>> = {
  poddisruptionbudgets: new Set(['spec.selector']),
};

export interface PatchInput {
  resource: string;
  type: PatchType;
  target: KubeObject;
  patch: unknown;
}

/** Applies a patch to a copy of `target`; a patch that does not apply is a 400/422-style error. */
export function applyPatch({
  resource,
  type,
  target,
  patch,
}: PatchInput): Result<KubeObject, StoreError> {
  let out: unknown;
  if (type === 'json') {
    const r = applyJsonPatch(target, patch);
    if (!r.ok) return { ok: false, error: { code: 422, reason: 'Invalid', message: r.error } };
    out = r.value;
  } else {
    if (!isObject(patch))
      return {
        ok: false,
        error: badRequest(
          'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
        ),
      };
    out =
      type === 'merge'
        ? applyMergePatch(target, patch)
        : applyStrategicMergePatch(target, patch, {
            replacePaths: REPLACE_PATHS[resource] ?? new Set(),
          });
  }
  if (!isObject(out) || !isObject(out.metadata))
    return { ok: false, error: badRequest('patch removed the object metadata') };
  return { ok: true, value: JSON.parse(JSON.stringify(out)) as KubeObject };
}
