import type { FieldError } from '@pdbscope/shared';
import { deepEqual } from './patch/json-value.js';
import type { ResourceType } from './resource-types.js';
import { apiVersionOf } from './resource-types.js';
import type { StoreError } from './errors.js';
import type { KubeObject, ObjectMeta } from './types.js';

export interface ValidationInput {
  object: KubeObject;
  /** The stored object on update. */
  old: KubeObject | undefined;
  subresource: 'status' | undefined;
  /** The other stored objects of the same resource in a namespace (for conflict rules). */
  peers(namespace: string | undefined): KubeObject[];
}

/**
 * Validates an object about to be written. Field errors become 422 Invalid with causes (empty =
 * valid); a StoreError (e.g. an admission webhook's denial) is returned as it is.
 */
export type ObjectValidator = (input: ValidationInput) => FieldError[] | StoreError;

const GENERATE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** The 5-character suffix `generateName` gets (`names.SimpleNameGenerator`), derived from a counter. */
export function generatedSuffix(seed: number): string {
  let x = (seed * 2654435761) >>> 0;
  let out = '';
  for (let i = 0; i < 5; i++) {
    out += GENERATE_ALPHABET[x % GENERATE_ALPHABET.length];
    x = Math.floor(x / GENERATE_ALPHABET.length) ^ ((x << 7) >>> 0);
    x >>>= 0;
  }
  return out;
}

export function deepCopy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Metadata checks every type shares (before the type's own validator). */
export function metadataErrors(type: ResourceType, meta: ObjectMeta): FieldError[] {
  const errors: FieldError[] = [];
  if (meta.name === undefined || meta.name === '') {
    errors.push({
      field: 'metadata.name',
      type: 'FieldValueRequired',
      detail: 'name or generateName is required',
    });
  }
  if (type.namespaced && (meta.namespace === undefined || meta.namespace === '')) {
    errors.push({ field: 'metadata.namespace', type: 'FieldValueRequired', detail: '' });
  }
  return errors;
}

export interface CreateInput {
  type: ResourceType;
  input: KubeObject;
  uid: string;
  now: string;
  nameSeed: number;
  preserveStatus: boolean;
}

/**
 * The object as it will be stored on create (resourceVersion is set by the store). The top level
 * and metadata are copied; nested values are taken over from `input` (the store owns them now).
 */
export function prepareCreate({
  type,
  input,
  uid,
  now,
  nameSeed,
  preserveStatus,
}: CreateInput): KubeObject {
  const obj = input;
  const meta: ObjectMeta = { ...obj.metadata };
  if (
    (meta.name === undefined || meta.name === '') &&
    meta.generateName !== undefined &&
    meta.generateName !== ''
  ) {
    meta.name = meta.generateName + generatedSuffix(nameSeed);
  }
  if (!type.namespaced) delete meta.namespace;
  meta.uid = uid;
  meta.creationTimestamp = now;
  delete meta.resourceVersion;
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  if (type.hasGeneration) meta.generation = 1;
  else delete meta.generation;
  const out: KubeObject = {
    ...obj,
    apiVersion: obj.apiVersion || apiVersionOf(type),
    kind: obj.kind || type.kind,
    metadata: meta,
  };
  if (type.clearStatusOnCreate && !preserveStatus) delete out.status;
  return out;
}

/** The object as it will be stored on update of the main resource: status and system metadata kept. */
export function prepareUpdate(type: ResourceType, old: KubeObject, input: KubeObject): KubeObject {
  const obj = input;
  const meta: ObjectMeta = {
    ...obj.metadata,
    name: old.metadata.name,
    uid: old.metadata.uid,
    creationTimestamp: old.metadata.creationTimestamp,
  };
  if (type.namespaced) meta.namespace = old.metadata.namespace;
  copyOrDelete(meta, old.metadata, 'deletionTimestamp');
  copyOrDelete(meta, old.metadata, 'deletionGracePeriodSeconds');
  if (type.hasGeneration) {
    const generation = old.metadata.generation ?? 1;
    meta.generation = deepEqual(old.spec, obj.spec) ? generation : generation + 1;
  }
  const out: KubeObject = { ...obj, apiVersion: old.apiVersion, kind: old.kind, metadata: meta };
  if (old.status === undefined) delete out.status;
  else out.status = old.status;
  return out;
}

/** The object after a status-subresource update: only `status` changes. */
export function prepareStatusUpdate(old: KubeObject, input: KubeObject): KubeObject {
  const out: KubeObject = { ...old, metadata: { ...old.metadata } };
  if (input.status === undefined) delete out.status;
  else out.status = input.status;
  return out;
}

function copyOrDelete(
  meta: ObjectMeta,
  from: ObjectMeta,
  key: 'deletionTimestamp' | 'deletionGracePeriodSeconds',
): void {
  if (from[key] === undefined) delete meta[key];
  else (meta as Record<string, unknown>)[key] = from[key];
}

/** Grace period a pod delete gets: none when never scheduled or already terminal (`CheckGracefulDelete`). */
export function podGracePeriod(pod: KubeObject, requested: number | undefined): number {
  const spec = (pod.spec ?? {}) as { nodeName?: string; terminationGracePeriodSeconds?: number };
  const phase = ((pod.status ?? {}) as { phase?: string }).phase;
  if (spec.nodeName === undefined || spec.nodeName === '') return 0;
  if (phase === 'Succeeded' || phase === 'Failed') return 0;
  return Math.max(0, requested ?? spec.terminationGracePeriodSeconds ?? 30);
}
