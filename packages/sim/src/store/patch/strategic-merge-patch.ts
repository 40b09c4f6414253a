import { isObject } from './json-value.js';
import type { JsonObject } from './json-value.js';

/** List fields merged by a key (patchMergeKey) in the Kubernetes types, by field name. */
const MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  conditions: 'type',
  ownerReferences: 'uid',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
  imagePullSecrets: 'name',
  taints: 'key',
  addresses: 'type',
  readinessGates: 'conditionType',
  hostAliases: 'ip',
};

/** Lists of scalars with patchStrategy "merge". */
const PRIMITIVE_MERGE_LISTS = new Set(['finalizers']);

export interface StrategicOptions {
  /** Dotted paths whose value is replaced whole (patchStrategy "replace"), e.g. `spec.selector` of a PDB. */
  replacePaths?: ReadonlySet<string>;
}

function mergeList(
  field: string,
  target: unknown[],
  patch: unknown[],
  path: string,
  opts: StrategicOptions,
): unknown[] {
  const key = MERGE_KEYS[field];
  if (key === undefined) {
    if (PRIMITIVE_MERGE_LISTS.has(field))
      return [...target, ...patch.filter((v) => !target.includes(v))];
    return patch.filter((v) => !(isObject(v) && '$patch' in v));
  }
  if (patch.some((p) => isObject(p) && p.$patch === 'replace')) {
    return patch.filter((p) => !(isObject(p) && '$patch' in p));
  }
  const out = [...target];
  for (const item of patch) {
    if (!isObject(item)) continue;
    const idx = out.findIndex((t) => isObject(t) && t[key] === item[key]);
    if (item.$patch === 'delete') {
      if (idx >= 0) out.splice(idx, 1);
    } else if (idx >= 0) out[idx] = merge(out[idx], item, path, opts);
    else out.push(merge({}, item, path, opts));
  }
  return out;
}

function merge(target: unknown, patch: unknown, path: string, opts: StrategicOptions): unknown {
  if (!isObject(patch)) return patch;
  if (patch.$patch === 'replace') {
    const { $patch: _, ...rest } = patch;
    return rest;
  }
  if (patch.$patch === 'delete') return undefined;
  const out: JsonObject = isObject(target) ? { ...target } : {};
  const retain = Array.isArray(patch.$retainKeys)
    ? new Set(patch.$retainKeys as string[])
    : undefined;
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$retainKeys' || k.startsWith('$setElementOrder/')) continue;
    if (k.startsWith('$deleteFromPrimitiveList/')) {
      const field = k.slice('$deleteFromPrimitiveList/'.length);
      const cur = out[field];
      if (Array.isArray(cur) && Array.isArray(v)) out[field] = cur.filter((x) => !v.includes(x));
      continue;
    }
    const childPath = path === '' ? k : `${path}.${k}`;
    if (v === null) delete out[k];
    else if (opts.replacePaths?.has(childPath)) out[k] = v;
    else if (Array.isArray(v))
      out[k] = mergeList(k, Array.isArray(out[k]) ? (out[k] as unknown[]) : [], v, childPath, opts);
    else {
      const merged = merge(out[k], v, childPath, opts);
      if (merged === undefined) delete out[k];
      else out[k] = merged;
    }
  }
  if (retain !== undefined) for (const k of Object.keys(out)) if (!retain.has(k)) delete out[k];
  return out;
}

/**
 * Strategic merge patch for what kubectl sends (label, annotate, cordon, scale, edit, apply):
 * maps merge, keyed lists merge by their patchMergeKey, `$patch` / `$retainKeys` /
 * `$deleteFromPrimitiveList` directives are honoured and `$setElementOrder` is ignored.
 */
export function applyStrategicMergePatch(
  target: unknown,
  patch: unknown,
  opts: StrategicOptions = {},
): unknown {
  return merge(target, patch, '', opts);
}
