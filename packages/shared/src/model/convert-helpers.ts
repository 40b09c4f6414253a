// Loose readers for JSON from the API server or a snapshot file: a missing or mistyped field
// reads as undefined, never as an exception.

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
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

/** A string map (labels, annotations); non-string values are dropped. */
export function asStringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const obj = asObject(value);
  if (!obj) return out;
  for (const [k, v] of Object.entries(obj)) if (typeof v === 'string') out[k] = v;
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

export function readMeta(obj: Json): ObjectMeta | undefined {
  const meta = asObject(obj['metadata']);
  const name = asString(meta?.['name']);
  if (!meta || !name) return undefined;
  const creationTimestamp = asString(meta['creationTimestamp']);
  const deletionTimestamp = asString(meta['deletionTimestamp']);
  return {
    name,
    namespace: asString(meta['namespace']) ?? '',
    uid: asString(meta['uid']) ?? '',
    resourceVersion: asString(meta['resourceVersion']) ?? '',
    generation: asNumber(meta['generation']) ?? 0,
    ...(creationTimestamp ? { creationTimestamp } : {}),
    ...(deletionTimestamp ? { deletionTimestamp } : {}),
    labels: asStringMap(meta['labels']),
    annotations: asStringMap(meta['annotations']),
    ownerReferences: asArray(meta['ownerReferences']),
  };
}
