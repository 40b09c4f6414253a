export type ParsedGroupVersion =
  { ok: true; group: string; version: string } | { ok: false; error: string };

/** `schema.ParseGroupVersion`: `v1` is the core group, `apps/v1` is apps; more than one `/` is an error. */
export function parseGroupVersion(apiVersion: string): ParsedGroupVersion {
  if (apiVersion === '' || apiVersion === '/') return { ok: true, group: '', version: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { ok: true, group: '', version: apiVersion };
  if (parts.length === 2) return { ok: true, group: parts[0] ?? '', version: parts[1] ?? '' };
  return { ok: false, error: `unexpected GroupVersion string: ${apiVersion}` };
}
