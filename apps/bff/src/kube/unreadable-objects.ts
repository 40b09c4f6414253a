import type { SnapshotError } from '@pdbscope/shared';
import type { SourceState } from '@pdbscope/shared/api';
import type { Held } from './projecting-watch.js';

type Unreadable = NonNullable<SourceState['unreadable']>[number];

interface Entry {
  error: SnapshotError;
  /** The list (counted from 1) that last saw it; 0 for a watch event. */
  list: number;
}

interface Named {
  kind: string;
  namespace: string;
  name: string;
  resourceVersion: string;
}

function named(kind: string, raw: unknown): Named {
  const metadata = (raw as { metadata?: Record<string, unknown> } | null)?.metadata ?? {};
  // A malformed name (a number, say) still names the object: its later versions and its deletion
  // find the entry by it.
  const text = (v: unknown) =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  return {
    kind,
    namespace: text(metadata['namespace']),
    name: text(metadata['name']),
    resourceVersion: text(metadata['resourceVersion']),
  };
}

/**
 * The objects one live source could not read, each with why. Keyed by kind, namespace and name,
 * so there is at most one entry per object the cluster holds: an entry goes when a later version
 * of the object reads, when it is deleted, or when a full list no longer has it.
 */
export class UnreadableObjects {
  private readonly entries = new Map<string, Entry>();
  private lists = 0;
  private listing = false;
  /** A change seen during a list, told once when it completes (a list can hold thousands). */
  private changedWhileListing = false;

  constructor(
    private readonly options: {
      /** The kind of the source's objects (list items carry none). */
      kind: string;
      /** Told after each change of the set. */
      changed: () => void;
    },
  ) {}

  private changed(): void {
    if (this.listing) this.changedWhileListing = true;
    else this.options.changed();
  }

  private keyOf(o: { namespace: string; name: string }): string {
    return `${o.namespace}/${o.name}`;
  }

  /** The object (a list item or a watch event's) could not be read. */
  unreadable(raw: unknown, error: string): void {
    const o = named(this.options.kind, raw);
    const name = o.name === '' ? '(no name)' : o.name;
    const object = `${o.kind} ${o.namespace === '' ? name : `${o.namespace}/${name}`}`;
    const position =
      o.resourceVersion === '' ? 'no resourceVersion' : `resourceVersion ${o.resourceVersion}`;
    const key = this.keyOf(o);
    const before = this.entries.get(key);
    this.entries.set(key, {
      list: this.listing ? this.lists : 0,
      error: {
        position,
        object,
        ...(o.name !== '' ? { ref: { kind: o.kind, namespace: o.namespace, name: o.name } } : {}),
        error,
      },
    });
    if (before?.error.error !== error || before.error.position !== position) this.changed();
  }

  /** A version of the object was read, or the object was deleted: it is no longer unreadable. */
  readable(o: { namespace: string; name: string }): void {
    if (this.entries.delete(this.keyOf(o))) this.changed();
  }

  /** A watch event deleted this raw object. */
  deleted(raw: unknown): void {
    this.readable(named(this.options.kind, raw));
  }

  listStarted(): void {
    this.lists++;
    this.listing = true;
  }

  /** A full list completed: what it did not hold (deleted meanwhile) is forgotten. */
  listCompleted(): void {
    this.listing = false;
    let changed = this.changedWhileListing;
    this.changedWhileListing = false;
    for (const [key, entry] of this.entries) {
      if (entry.list !== this.lists) changed = this.entries.delete(key) || changed;
    }
    if (changed) this.options.changed();
  }

  listFailed(): void {
    this.listing = false;
    if (this.changedWhileListing) this.options.changed();
    this.changedWhileListing = false;
  }

  get errors(): SnapshotError[] {
    return [...this.entries.values()].map((e) => e.error);
  }

  /** For the source's state (`unreadable`). */
  get listed(): Unreadable[] {
    return this.errors.map(({ position, object, error }) => ({
      position,
      ...(object !== undefined ? { object } : {}),
      error,
    }));
  }
}

/** A source's state with the objects its ledger holds as `unreadable` (none without a ledger). */
export function withUnreadable(
  state: SourceState,
  ledger: UnreadableObjects | undefined,
): SourceState {
  const { unreadable: _before, ...rest } = state;
  const listed = ledger?.listed ?? [];
  return listed.length > 0 ? { ...rest, unreadable: listed } : rest;
}

/**
 * What is held for an object whose new version does not read, under the event's
 * resourceVersion: the watch deletes it, so the store keeps no stale version of it.
 */
export function heldUnderNewVersion<T>(
  raw: unknown,
  held: (name: string, namespace: string | undefined) => Held<T> | undefined,
): Held<T> | undefined {
  const metadata = (raw as { metadata?: Record<string, unknown> } | null)?.metadata;
  const name = metadata?.['name'];
  const namespace = metadata?.['namespace'];
  const version = metadata?.['resourceVersion'];
  if (typeof name !== 'string' || typeof version !== 'string') return undefined;
  const found = held(name, typeof namespace === 'string' ? namespace : undefined);
  return found
    ? { ...found, metadata: { ...found.metadata, resourceVersion: version } }
    : undefined;
}
