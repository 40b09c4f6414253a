import { lowerBound, type Result } from '@pdbscope/shared';
import { randomUUID } from 'node:crypto';
import { systemClock, type Clock, type TimerHandle } from '@pdbscope/shared/clock';
import { rfc3339 } from './clock.js';
import type { StoreError } from './errors.js';
import {
  STALE_OBJECT,
  alreadyExists,
  badRequest,
  conflict,
  expired,
  invalid,
  notFound,
} from './errors.js';
import { listPage } from './list-page.js';
import type {
  CreateOptions,
  DeleteOptions,
  DeleteResult,
  ListOptions,
  ListResult,
  ObjectStoreOptions,
  PatchOptions,
  StoredObject,
  UpdateOptions,
} from './store-options.js';
import type { HistoryEntry } from './history.js';
import { EventHistory, historyEntry } from './history.js';
import type { ResourceType } from './resource-types.js';
import { RESOURCE_TYPES, resourceType } from './resource-types.js';
import type { ObjectValidator } from './write-rules.js';
import {
  metadataErrors,
  podGracePeriod,
  prepareCreate,
  prepareStatusUpdate,
  prepareUpdate,
} from './write-rules.js';
import { admitPriority } from './priority-admission.js';
import { defaultValidators } from './validators.js';
import type { KubeObject, StoreEvent, WatchEventType } from './types.js';
import { applyPatch } from './apply-patch.js';

type Listener = (event: StoreEvent) => void;
type EntryListener = (entry: HistoryEntry) => void;

const EPOCH_STEP = 1_000_000;

/**
 * Full Kubernetes objects per resource with one monotonically increasing resourceVersion, a bounded
 * event history for watch resumption and synchronous, ordered change notification.
 *
 * Ownership: objects handed out (get, list, events) are shared and must never be mutated; objects
 * passed to create/update become the store's (their top level and metadata are copied, nested
 * values are kept), so do not change them afterwards either. `modify` hands out a private copy.
 */
export class ObjectStore {
  readonly clock: Clock;
  private readonly objects = new Map<string, Map<string, StoredObject>>();
  private readonly sortedKeys = new Map<string, string[]>();
  private readonly validators: Readonly<Record<string, ObjectValidator>>;
  private readonly uid: () => string;
  private readonly historySize: number;
  private history: EventHistory;
  private rv: number;
  /** Continue tokens older than this were issued before a restart or expiry. */
  private epochStart: number;
  private nameSeed = 0;
  private readonly listeners = new Set<Listener>();
  private readonly entryListeners = new Set<EntryListener>();
  private readonly queue: HistoryEntry[] = [];
  private emitting = false;
  private readonly removals = new Map<string, TimerHandle>();
  private readonly onListenerError: (error: unknown) => void;

  constructor(options: ObjectStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.uid = options.uid ?? randomUUID;
    this.validators = options.validators ?? defaultValidators;
    this.historySize = options.historySize ?? 10_000;
    this.rv = EPOCH_STEP;
    this.epochStart = this.rv;
    this.history = new EventHistory(this.historySize, this.rv);
    this.onListenerError =
      options.onListenerError ?? ((e) => console.error('store listener failed', e));
    for (const t of RESOURCE_TYPES) this.objects.set(t.resource, new Map());
  }

  /** The latest resourceVersion, as a list would report it. */
  resourceVersion(): string {
    return String(this.rv);
  }

  get(resource: string, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.objects.get(resource)?.get(key(namespace, name))?.object;
  }

  getStored(
    resource: string,
    namespace: string | undefined,
    name: string,
  ): StoredObject | undefined {
    return this.objects.get(resource)?.get(key(namespace, name));
  }

  /** Number of stored objects per resource. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [resource, m] of this.objects) out[resource] = m.size;
    return out;
  }

  list(resource: string, options: ListOptions = {}): Result<ListResult<KubeObject>, StoreError> {
    const r = this.listStored(resource, options);
    if (!r.ok) return r;
    return { ok: true, value: { ...r.value, items: r.value.items.map((s) => s.object) } };
  }

  /** A list (or one page of it) in key order (`namespace/name`), as etcd returns it. */
  listStored(
    resource: string,
    options: ListOptions = {},
  ): Result<ListResult<StoredObject>, StoreError> {
    const type = this.typeOrError(resource);
    if (!type.ok) return type;
    const map = this.objects.get(resource) ?? new Map<string, StoredObject>();
    return listPage({
      keys: this.keysOf(resource, map),
      objects: map,
      namespaced: type.value.namespaced,
      options,
      currentRv: this.rv,
      epochStart: this.epochStart,
    });
  }

  create(
    resource: string,
    input: KubeObject,
    options: CreateOptions = {},
  ): Result<KubeObject, StoreError> {
    const type = this.typeOrError(resource);
    if (!type.ok) return type;
    const t = type.value;
    const seed = options.seed === true;
    const obj = prepareCreate({
      type: t,
      input,
      uid: this.uid(),
      now: rfc3339(this.clock.now()),
      nameSeed: ++this.nameSeed,
      preserveStatus: seed || (options.preserveStatus ?? false),
    });
    if (seed) keepSeedMetadata(obj, input);
    const name = obj.metadata.name ?? '';
    const invalidity = seed ? undefined : this.validate(t, obj, undefined);
    if (invalidity !== undefined) return fail(invalidity);
    const refused =
      seed || resource !== 'pods' ? undefined : admitPriority(obj, this.listAll('priorityclasses'));
    if (refused !== undefined) return fail(refused);
    if (this.get(resource, obj.metadata.namespace, name) !== undefined)
      return fail(alreadyExists(t, name));
    if (options.dryRun === true)
      return { ok: true, value: { ...obj, metadata: { ...obj.metadata } } };
    return {
      ok: true,
      value: this.commit(
        t,
        'ADDED',
        obj,
        undefined,
        seed ? input.metadata.resourceVersion : undefined,
      ),
    };
  }

  update(
    resource: string,
    input: KubeObject,
    options: UpdateOptions = {},
  ): Result<KubeObject, StoreError> {
    const type = this.typeOrError(resource);
    if (!type.ok) return type;
    const t = type.value;
    const name = input.metadata?.name ?? '';
    const old = this.get(resource, input.metadata?.namespace, name);
    if (old === undefined) return fail(notFound(t, name));
    const expected = input.metadata.resourceVersion;
    if (expected !== undefined && expected !== '' && expected !== old.metadata.resourceVersion) {
      return fail(conflict(t, name, STALE_OBJECT));
    }
    const next =
      options.subresource === 'status'
        ? prepareStatusUpdate(old, input)
        : prepareUpdate(t, old, input);
    const invalidity = this.validate(t, next, old, options.subresource);
    if (invalidity !== undefined) return fail(invalidity);
    if (options.dryRun === true) return { ok: true, value: next };
    if (
      next.metadata.deletionTimestamp !== undefined &&
      (next.metadata.finalizers ?? []).length === 0 &&
      !this.removals.has(removalKey(resource, next))
    ) {
      return { ok: true, value: this.remove(t, old) };
    }
    return { ok: true, value: this.commit(t, 'MODIFIED', next, old) };
  }

  patch(
    resource: string,
    namespace: string | undefined,
    name: string,
    options: PatchOptions,
  ): Result<KubeObject, StoreError> {
    const type = this.typeOrError(resource);
    if (!type.ok) return type;
    const old = this.get(resource, namespace, name);
    if (old === undefined) return fail(notFound(type.value, name));
    const patched = applyPatch({ resource, type: options.type, target: old, patch: options.patch });
    if (!patched.ok) return patched;
    const next = patched.value;
    next.metadata = { ...next.metadata, name, ...(namespace === undefined ? {} : { namespace }) };
    return this.update(resource, next, options);
  }

  /** Read, change a copy, write back: for controllers (no conflict check against their own read). */
  modify(
    resource: string,
    namespace: string | undefined,
    name: string,
    change: (copy: KubeObject) => void,
    options: UpdateOptions = {},
  ): Result<KubeObject, StoreError> {
    const old = this.get(resource, namespace, name);
    const type = this.typeOrError(resource);
    if (!type.ok) return type;
    if (old === undefined) return fail(notFound(type.value, name));
    const copy = JSON.parse(this.getStored(resource, namespace, name)?.json ?? '{}') as KubeObject;
    change(copy);
    return this.update(resource, copy, options);
  }

  delete(
    resource: string,
    namespace: string | undefined,
    name: string,
    options: DeleteOptions = {},
  ): Result<DeleteResult, StoreError> {
    const type = this.typeOrError(resource);
    if (!type.ok) return type;
    const t = type.value;
    const old = this.get(resource, namespace, name);
    if (old === undefined) return fail(notFound(t, name));
    const pre = options.preconditions;
    if (pre?.uid !== undefined && pre.uid !== old.metadata.uid) {
      return fail(
        conflict(
          t,
          name,
          `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${old.metadata.uid ?? ''}`,
        ),
      );
    }
    if (
      pre?.resourceVersion !== undefined &&
      pre.resourceVersion !== old.metadata.resourceVersion
    ) {
      return fail(
        conflict(
          t,
          name,
          `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${old.metadata.resourceVersion ?? ''}`,
        ),
      );
    }
    const grace = resource === 'pods' ? podGracePeriod(old, options.gracePeriodSeconds) : 0;
    const finalizers = (old.metadata.finalizers ?? []).length > 0;
    if (grace === 0 && !finalizers) {
      if (options.dryRun === true) return { ok: true, value: { object: old, removed: true } };
      return { ok: true, value: { object: this.remove(t, old), removed: true } };
    }
    const now = this.clock.now();
    const deadline = new Date(now.getTime() + grace * 1000);
    const current = old.metadata.deletionTimestamp;
    if (current !== undefined && Date.parse(current) <= deadline.getTime()) {
      return { ok: true, value: { object: old, removed: false } };
    }
    const next: KubeObject = {
      ...old,
      metadata: {
        ...old.metadata,
        deletionTimestamp: rfc3339(deadline),
        deletionGracePeriodSeconds: grace,
      },
    };
    if (t.hasGeneration) next.metadata.generation = (old.metadata.generation ?? 1) + 1;
    if (options.dryRun === true) return { ok: true, value: { object: next, removed: false } };
    const written = this.commit(t, 'MODIFIED', next, old);
    if (grace > 0) this.scheduleRemoval(t, written, grace);
    return { ok: true, value: { object: written, removed: false } };
  }

  /** Every change, in order, after it is stored. Returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Like subscribe, with the serialised watch line (for the HTTP watch fan-out). */
  subscribeEntries(listener: EntryListener): () => void {
    this.entryListeners.add(listener);
    return () => this.entryListeners.delete(listener);
  }

  /**
   * Events after `resourceVersion`, 410 Expired when that version was compacted away, 504 when it
   * is newer than the store's.
   */
  eventsSince(resourceVersion: string): Result<HistoryEntry[], StoreError> {
    const rv = Number(resourceVersion);
    if (!/^\d+$/.test(resourceVersion) || !Number.isSafeInteger(rv)) {
      return fail(badRequest(`invalid resource version: ${JSON.stringify(resourceVersion)}`));
    }
    // kube-apiserver's watch cache waits up to 3 s for a version it has not reached, then gives
    // up so; the simulator answers at once. A client resuming after an etcd restore gets this.
    if (rv > this.rv)
      return fail({
        code: 504,
        reason: 'Timeout',
        message: `Timeout: Too large resource version: ${rv}, current: ${this.rv}`,
        details: {
          causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
          retryAfterSeconds: 1,
        },
      });
    const events = this.history.since(rv);
    if (events === undefined) {
      return fail(
        expired(`too old resource version: ${resourceVersion} (${this.history.compactedThrough})`),
      );
    }
    return { ok: true, value: events };
  }

  /** Forgets the event history: every version older than now is Expired for watches. */
  compactHistory(): void {
    this.history.compact(this.rv);
  }

  /**
   * A new history: resourceVersions jump to a fresh epoch and every older version is Expired.
   * `rewind` is an etcd restore instead: versions go back to half the current one (every object is
   * stamped again from there, so the newest is still older than anything a client saw), and
   * `newUids` gives every object a new UID as a cluster rebuilt from the same manifests would.
   */
  restart(options: { rewind?: boolean; newUids?: boolean } = {}): void {
    if (options.rewind === true) this.rv = Math.floor(this.rv / 2);
    else this.rv = (Math.floor(this.rv / EPOCH_STEP) + 1) * EPOCH_STEP;
    if (options.rewind === true || options.newUids === true) this.restamp(options.newUids === true);
    this.epochStart = this.rv;
    this.history = new EventHistory(this.historySize, this.rv);
  }

  private restamp(newUids: boolean): void {
    const uids = new Map<string, string>();
    if (newUids)
      for (const map of this.objects.values())
        for (const { object } of map.values())
          if (object.metadata.uid !== undefined) uids.set(object.metadata.uid, this.uid());
    for (const [resource, map] of this.objects) {
      for (const k of this.keysOf(resource, map)) {
        const stored = map.get(k);
        if (stored === undefined) continue;
        const metadata = { ...stored.object.metadata, resourceVersion: String(++this.rv) };
        if (newUids) {
          metadata.uid = uids.get(metadata.uid ?? '') ?? this.uid();
          // Owners keep owning their objects under their new UIDs.
          if (metadata.ownerReferences !== undefined)
            metadata.ownerReferences = metadata.ownerReferences.map((o) => ({
              ...o,
              uid: uids.get(String(o.uid)) ?? o.uid,
            }));
        }
        const object = { ...stored.object, metadata };
        map.set(k, { object, json: JSON.stringify(object) });
      }
    }
  }

  /** Every object of a resource, in no particular order (an admission plugin's lister). */
  private listAll(resource: string): KubeObject[] {
    return [...(this.objects.get(resource)?.values() ?? [])].map((s) => s.object);
  }

  /** Cancels pending graceful removals (a stopping simulator). */
  close(): void {
    for (const h of this.removals.values()) h.cancel();
    this.removals.clear();
  }

  private validate(
    t: ResourceType,
    obj: KubeObject,
    old: KubeObject | undefined,
    subresource?: 'status',
  ): StoreError | undefined {
    const meta = metadataErrors(t, obj.metadata);
    if (meta.length > 0) return invalid(t.kind, t.group, obj.metadata.name ?? '', meta);
    const validator = this.validators[t.resource];
    if (validator === undefined) return undefined;
    const outcome = validator({
      object: obj,
      old,
      subresource,
      peers: (namespace) => {
        const listed = this.list(t.resource, namespace === undefined ? {} : { namespace });
        return listed.ok ? listed.value.items : [];
      },
    });
    if (Array.isArray(outcome))
      return outcome.length === 0
        ? undefined
        : invalid(t.kind, t.group, obj.metadata.name ?? '', outcome);
    return outcome;
  }

  private scheduleRemoval(t: ResourceType, obj: KubeObject, grace: number): void {
    const k = removalKey(t.resource, obj);
    this.removals.get(k)?.cancel();
    const handle = this.clock.setTimeout(() => {
      this.removals.delete(k);
      const cur = this.get(t.resource, obj.metadata.namespace, obj.metadata.name ?? '');
      if (cur === undefined || cur.metadata.uid !== obj.metadata.uid) return;
      if ((cur.metadata.finalizers ?? []).length > 0) return;
      this.remove(t, cur);
    }, grace * 1000);
    this.removals.set(k, handle);
  }

  private remove(t: ResourceType, old: KubeObject): KubeObject {
    const k = removalKey(t.resource, old);
    this.removals.get(k)?.cancel();
    this.removals.delete(k);
    return this.commit(t, 'DELETED', { ...old, metadata: { ...old.metadata } }, old);
  }

  private commit(
    t: ResourceType,
    type: WatchEventType,
    obj: KubeObject,
    old: KubeObject | undefined,
    seededVersion?: string,
  ): KubeObject {
    const rv = ++this.rv;
    obj.metadata.resourceVersion = seededVersion ?? String(rv);
    const json = JSON.stringify(obj);
    const map = this.objects.get(t.resource) as Map<string, StoredObject>;
    const k = key(obj.metadata.namespace, obj.metadata.name ?? '');
    if (type === 'DELETED') {
      map.delete(k);
      removeSorted(this.sortedKeys.get(t.resource), k);
    } else {
      if (!map.has(k)) insertSorted(this.sortedKeys.get(t.resource), k);
      map.set(k, { object: obj, json });
    }
    const event: StoreEvent = {
      type,
      resource: t.resource,
      object: obj,
      resourceVersion: String(rv),
    };
    if (old !== undefined) event.oldObject = old;
    const entry = historyEntry(rv, event, json);
    this.history.push(entry);
    this.emit(entry);
    return obj;
  }

  private emit(entry: HistoryEntry): void {
    this.queue.push(entry);
    if (this.emitting) return;
    this.emitting = true;
    try {
      for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) {
        for (const l of this.entryListeners) this.safely(() => l(next));
        for (const l of this.listeners) this.safely(() => l(next.event));
      }
    } finally {
      this.emitting = false;
    }
  }

  private safely(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.onListenerError(e);
    }
  }

  private keysOf(resource: string, map: Map<string, StoredObject>): string[] {
    let keys = this.sortedKeys.get(resource);
    if (keys === undefined) {
      keys = [...map.keys()].sort();
      this.sortedKeys.set(resource, keys);
    }
    return keys;
  }

  private typeOrError(resource: string): Result<ResourceType, StoreError> {
    const t = resourceType(resource);
    if (t === undefined)
      return fail({
        code: 404,
        reason: 'NotFound',
        message: 'the server could not find the requested resource',
        details: {},
      });
    return { ok: true, value: t };
  }
}

/** Keeps a materialised key index sorted as keys come and go (no re-sort of 150,000 keys per write). */
function insertSorted(keys: string[] | undefined, k: string): void {
  if (keys === undefined) return;
  keys.splice(lowerBound(keys, k), 0, k);
}

function removeSorted(keys: string[] | undefined, k: string): void {
  if (keys === undefined) return;
  const i = lowerBound(keys, k);
  if (keys[i] === k) keys.splice(i, 1);
}

/** Fixture metadata the store would otherwise assign. */
function keepSeedMetadata(obj: KubeObject, input: KubeObject): void {
  const given = input.metadata;
  if (typeof given.uid === 'string' && given.uid !== '') obj.metadata.uid = given.uid;
  if (typeof given.generation === 'number') obj.metadata.generation = given.generation;
  if (typeof given.creationTimestamp === 'string')
    obj.metadata.creationTimestamp = given.creationTimestamp;
}

function fail(error: StoreError): { ok: false; error: StoreError } {
  return { ok: false, error };
}

function key(namespace: string | undefined, name: string): string {
  return namespace === undefined || namespace === '' ? name : `${namespace}/${name}`;
}

function removalKey(resource: string, obj: KubeObject): string {
  return `${resource}|${key(obj.metadata.namespace, obj.metadata.name ?? '')}`;
}
