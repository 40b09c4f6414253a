import { LineCounter, isMap, isSeq, parseAllDocuments, type Document } from 'yaml';
import { asArray, asObject, asString, type Json } from '../model/convert-helpers.js';
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
} from '../model/convert.js';
import { priorityClassFromObject } from '../model/convert-priority-class.js';
import { nodeClaimFromObject, nodePoolFromObject } from '../model/convert-karpenter.js';
import { refKey } from '../model/refs.js';
import { objectIdentity } from './identity.js';
import { asStored } from './stored.js';
import { podFromTemplate } from './template.js';
import type { ReadOptions, Snapshot, SourceFile } from './types.js';
import type { Result } from '../result/index.js';

/** Pod owners the engine resolves; OpenKruise's CloneSet and Advanced StatefulSet included. */
const WORKLOAD_KINDS = new Set([
  'Deployment',
  'ReplicaSet',
  'StatefulSet',
  'ReplicationController',
  'DaemonSet',
  'Job',
  'CronJob',
  'CloneSet',
]);

interface Located {
  value: unknown;
  position: string;
}

/** A snapshot with nothing in it, to read objects into. */
export function emptySnapshot(): Snapshot {
  return {
    pods: [],
    pdbs: [],
    pubs: [],
    workloads: [],
    nodes: [],
    priorityClasses: [],
    namespaces: [],
    ignored: {},
    errors: [],
  };
}

/** `PodList` → `Pod`, for typed lists from the API whose items carry no kind. */
const itemKindOf = (listKind: string): string | undefined =>
  listKind !== 'List' && listKind.endsWith('List') ? listKind.slice(0, -'List'.length) : undefined;

function isList(obj: Json): boolean {
  const kind = asString(obj['kind']);
  return Array.isArray(obj['items']) && (kind === undefined || kind.endsWith('List'));
}

/** Flattens a document (a List, one object, or a JSON array) into objects with their positions. */
function objectsOf(value: unknown, where: string, lineOfItem: (i: number) => string): Located[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value))
    return value.map((v, i) => ({ value: v, position: `${where}, [${i}]${lineOfItem(i)}` }));
  const obj = asObject(value);
  if (!obj || !isList(obj)) return [{ value, position: where }];
  const listKind = asString(obj['kind']) ?? 'List';
  const itemKind = itemKindOf(listKind);
  const apiVersion = asString(obj['apiVersion']);
  return asArray(obj['items']).map((item, i) => {
    const o = asObject(item);
    const filled =
      o && itemKind && o['kind'] === undefined ? { apiVersion, ...o, kind: itemKind } : item;
    return { value: filled, position: `${where}, items[${i}]${lineOfItem(i)}` };
  });
}

/** Reads one object into the snapshot; returns the conversion error, if any. */
type Sink = (out: Snapshot, obj: Json) => string | undefined;

function into<T>(convert: (raw: unknown) => Result<T>, list: (s: Snapshot) => T[]): Sink {
  return (out, obj) => {
    const r = convert(obj);
    if (!r.ok) return r.error;
    list(out).push(r.value);
    return undefined;
  };
}

const namespaceSink: Sink = (out, obj) => {
  const name = asString(asObject(obj['metadata'])?.['name']);
  if (!name) return 'Namespace without metadata.name';
  out.namespaces.push(name);
  return undefined;
};

function sinkFor(kind: string, apiVersion: string): Sink | undefined {
  if (kind === 'Pod') return into(podFromObject, (s) => s.pods);
  if (kind === 'PodDisruptionBudget') return into(pdbFromObject, (s) => s.pdbs);
  if (kind === 'PodUnavailableBudget' && apiVersion.startsWith('policy.kruise.io/'))
    return into(pubFromObject, (s) => s.pubs);
  if (WORKLOAD_KINDS.has(kind)) return into(workloadFromObject, (s) => s.workloads);
  if (kind === 'Node') return into(nodeFromObject, (s) => s.nodes);
  if (kind === 'PriorityClass' && apiVersion.startsWith('scheduling.k8s.io/'))
    return into(priorityClassFromObject, (s) => s.priorityClasses);
  if (kind === 'NodePool' && apiVersion.startsWith('karpenter.sh/'))
    return into(nodePoolFromObject, (s) => (s.nodePools ??= []));
  if (kind === 'NodeClaim' && apiVersion.startsWith('karpenter.sh/'))
    return into(nodeClaimFromObject, (s) => (s.nodeClaims ??= []));
  if (kind === 'Namespace') return namespaceSink;
  return undefined;
}

/** What reading one snapshot keeps across its files. */
interface ReadContext {
  /** Where each object (by kind, namespace and name) was read first. */
  firstAt: Map<string, string>;
  /** Where an object without `metadata.namespace` goes (kubectl apply -f's context namespace). */
  namespace: string;
  /** Keep templates and positions (`ReadOptions.manifests`). */
  manifests: boolean;
}

/**
 * Reads one object into the snapshot, or reports why not. An object read a second time (same
 * kind, namespace and name) is reported, not put over the first.
 */
function addObject(out: Snapshot, { value, position }: Located, context: ReadContext) {
  const { firstAt } = context;
  const raw = asObject(value);
  const kind = raw && asString(raw['kind']);
  if (!raw || !kind) {
    out.errors.push({ position, error: 'not a Kubernetes object (no kind)' });
    return;
  }
  const sink = sinkFor(kind, asString(raw['apiVersion']) ?? '');
  if (!sink) {
    out.ignored[kind] = (out.ignored[kind] ?? 0) + 1;
    return;
  }
  const { obj, placed } = asStored(kind, raw, context.namespace);
  const meta = asObject(obj['metadata']);
  const name = asString(meta?.['name']);
  const ns = asString(meta?.['namespace']);
  const object = `${kind} ${ns ? `${ns}/` : ''}${name ?? '(no name)'}`;
  const identity = objectIdentity(kind, obj);
  if (!identity.ok) {
    out.errors.push({ position, object, error: identity.error });
    return;
  }
  const ref = identity.value;
  const key = refKey(ref);
  const first = firstAt.get(key);
  if (first !== undefined) {
    out.errors.push({
      position,
      object,
      ref,
      error: `a duplicate: the ${kind} of this namespace and name at ${first} came first and is kept`,
    });
    return;
  }
  const error = sink(out, obj);
  if (error === undefined) {
    firstAt.set(key, position);
    if (placed) placeIn(out, context.namespace);
    if (context.manifests) keepManifest(out, { key, kind, obj, position });
    return;
  }
  out.errors.push({ position, object, ref, error });
}

function jsonDocuments(text: string): Located[] | undefined {
  try {
    return objectsOf(JSON.parse(text), 'document 1', () => '');
  } catch {
    return undefined;
  }
}

function yamlDocuments(text: string, out: Snapshot): Located[] {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: false });
  const list: Document.Parsed[] = Array.isArray(docs) ? docs : [];
  if (!Array.isArray(docs)) {
    out.errors.push({ position: 'document 1', error: 'not a YAML stream' });
    return [];
  }
  return list.flatMap((doc, d) => {
    const where = `document ${d + 1}`;
    const startOffset = doc.contents?.range?.[0] ?? doc.range[0];
    const startLine = lines.linePos(startOffset).line;
    if (doc.errors.length > 0) {
      const first = doc.errors[0];
      const line = first?.linePos?.[0].line;
      const message = ((first?.message ?? 'invalid YAML').split('\n')[0] ?? '').replace(
        / at line \d+, column \d+:$/,
        '',
      );
      out.errors.push({
        position: `${where}${line !== undefined ? ` (line ${line})` : ''}`,
        error: message,
      });
      return [];
    }
    const items = isMap(doc.contents) ? doc.contents.get('items', true) : doc.contents;
    const lineOfItem = (i: number): string => {
      const node = isSeq(items) ? items.items[i] : undefined;
      const offset =
        node && typeof node === 'object' && 'range' in node ? node.range?.[0] : undefined;
      return offset !== undefined ? ` (line ${lines.linePos(offset).line})` : '';
    };
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 1000 });
    } catch (e) {
      out.errors.push({ position: `${where} (line ${startLine})`, error: String(e) });
      return [];
    }
    return objectsOf(value, list.length > 1 ? `${where} (line ${startLine})` : where, lineOfItem);
  });
}

function keepManifest(
  out: Snapshot,
  { key, kind, obj, position }: { key: string; kind: string; obj: Json; position: string },
): void {
  (out.positions ??= new Map()).set(key, position);
  const pod = WORKLOAD_KINDS.has(kind) ? podFromTemplate(kind, obj) : undefined;
  if (pod) (out.podTemplates ??= new Map()).set(key, pod);
}

function placeIn(out: Snapshot, namespace: string): void {
  out.placedInNamespace = { namespace, count: (out.placedInNamespace?.count ?? 0) + 1 };
}

/** One file's documents into the snapshot; positions start with its path when it has one. */
function readFile(out: Snapshot, file: SourceFile, context: ReadContext): void {
  const { text, path } = file;
  const trimmed = text.trimStart();
  const json =
    trimmed.startsWith('{') || trimmed.startsWith('[') ? jsonDocuments(trimmed) : undefined;
  const errorsBefore = out.errors.length;
  const located = json ?? yamlDocuments(text, out);
  if (path === '') {
    for (const item of located) addObject(out, item, context);
    return;
  }
  for (const e of out.errors.slice(errorsBefore)) e.position = `${path}: ${e.position}`;
  for (const item of located)
    addObject(out, { value: item.value, position: `${path}: ${item.position}` }, context);
}

/**
 * Reads what `kubectl get ... -o yaml|json` prints (a `List`, a typed `*List`, one object), a
 * multi-document YAML stream, or a JSON array, into the model. Unknown kinds are counted and
 * skipped; malformed documents and objects become errors with their position, never exceptions.
 * Objects without a namespace go to `options.namespace` (default `default`), as `kubectl apply -f`
 * puts them in its context's namespace. Pure: the caller reads the file.
 */
export function readSnapshot(text: string, options: ReadOptions = {}): Snapshot {
  return readSnapshotFiles([{ path: '', text }], options);
}

/**
 * Reads several files as one snapshot, in the order given (a directory's files, sorted, as
 * `kubectl apply -f DIR -R` reads them); each error's position starts with its file's path. An
 * object in two files is kept from the first and reported in the second.
 */
export function readSnapshotFiles(
  files: readonly SourceFile[],
  options: ReadOptions = {},
): Snapshot {
  const out = emptySnapshot();
  const context: ReadContext = {
    firstAt: new Map(),
    namespace: options.namespace ?? DEFAULT_NAMESPACE,
    manifests: options.manifests === true,
  };
  for (const file of files) readFile(out, file, context);
  return out;
}

/**
 * Objects a client listed from the API server (kind and apiVersion stamped on each item) read
 * into `out` as `readSnapshot` reads them from a file, each with its position (e.g. the collection
 * it was listed from): the kinds the model does not use counted, unreadable ones as errors.
 */
export function readListedObjects(
  out: Snapshot,
  objects: readonly { value: unknown; position: string }[],
): void {
  const context: ReadContext = {
    firstAt: new Map(),
    namespace: DEFAULT_NAMESPACE,
    manifests: false,
  };
  for (const item of objects) addObject(out, item, context);
}

/** kubectl's namespace when its context names none. */
export const DEFAULT_NAMESPACE = 'default';
