import type { Result } from '../result/index.js';

export interface GroupVersion {
  group: string;
  version: string;
}

/** `schema.ParseGroupVersion`: `v1` is the core group, `apps/v1` is apps; more than one `/` is an error. */
export function parseGroupVersion(apiVersion: string): Result<GroupVersion> {
  if (apiVersion === '' || apiVersion === '/')
    return { ok: true, value: { group: '', version: '' } };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { ok: true, value: { group: '', version: apiVersion } };
  if (parts.length === 2)
    return { ok: true, value: { group: parts[0] ?? '', version: parts[1] ?? '' } };
  return { ok: false, error: `unexpected GroupVersion string: ${apiVersion}` };
}
