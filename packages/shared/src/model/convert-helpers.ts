// Loose readers for JSON from the API server or a snapshot file: a missing or mistyped field
// reads as undefined, never as an exception.

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * The apiVersions and kinds of the objects the engine reads, as one shared string each: JSON.parse
 * makes a fresh copy per object, and tens of thousands of ReplicaSets and owner references each
 * held their own `apps/v1` and `ReplicaSet` (2 MB at 150,000 pods).
 */
const COMMON_TEXT = new Map(
  [
    'v1',
    'apps/v1',
    'batch/v1',
    'policy/v1',
    'policy/v1beta1',
    'apps.kruise.io/v1alpha1',
    'apps.kruise.io/v1beta1',
    'Pod',
    'Node',
    'ReplicaSet',
    'Deployment',
    'StatefulSet',
    'DaemonSet',
    'Job',
    'CronJob',
    'ReplicationController',
    'CloneSet',
  ].map((text) => [text, text]),
);

/** `asString`, with the shared copy of a common apiVersion or kind. */
export function asCommonText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return COMMON_TEXT.get(value) ?? value;
}

/**
 * A string map (labels, annotations); non-string values are dropped, and so are keys `keep`
 * refuses when it is given.
 */
export function asStringMap(
  value: unknown,
  keep?: (key: string) => boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  const obj = asObject(value);
  if (!obj) return out;
  // for...in, not Object.entries: no array per entry (this runs for every object of a large list).
  for (const k in obj) {
    const v = obj[k];
    if (typeof v === 'string' && (keep === undefined || keep(k))) out[k] = v;
  }
  return out;
}

/** IntOrString as written: a number or a string, anything else absent. */
export function asIntOrString(value: unknown): number | string | undefined {
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

export interface ObjectMeta {
  name: string;
  namespace: string;
  uid: string;
  resourceVersion: string;
  generation: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  ownerReferences: readonly unknown[];
}

/** `keepAnnotation`: which annotations to read (all when absent). */
export function readMeta(
  obj: Json,
  options: { keepAnnotation?: (key: string) => boolean } = {},
): ObjectMeta | undefined {
  const meta = asObject(obj['metadata']);
  const name = asString(meta?.['name']);
  if (!meta || !name) return undefined;
  const creationTimestamp = asString(meta['creationTimestamp']);
  const deletionTimestamp = asString(meta['deletionTimestamp']);
  // Read field by field by the converters, never spread: the timestamps are always there
  // (possibly undefined), so every object of a list gets one shape and no throwaway objects.
  return {
    name,
    namespace: asString(meta['namespace']) ?? '',
    uid: asString(meta['uid']) ?? '',
    resourceVersion: asString(meta['resourceVersion']) ?? '',
    generation: asNumber(meta['generation']) ?? 0,
    creationTimestamp: creationTimestamp === '' ? undefined : creationTimestamp,
    deletionTimestamp: deletionTimestamp === '' ? undefined : deletionTimestamp,
    labels: asStringMap(meta['labels']),
    annotations: asStringMap(meta['annotations'], options.keepAnnotation),
    ownerReferences: asArray(meta['ownerReferences']),
  };
}
