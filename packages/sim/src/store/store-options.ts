import type { Clock } from '@pdbscope/shared/clock';
import type { Selector } from '@pdbscope/shared';
import type { PatchType } from './apply-patch.js';
import type { FieldSelector } from './query-selectors.js';
import type { KubeObject } from './types.js';
import type { ObjectValidator } from './write-rules.js';

/** An object as stored, with its JSON serialised once. */
export interface StoredObject {
  object: KubeObject;
  json: string;
}

export interface ListOptions {
  namespace?: string;
  labelSelector?: Selector;
  fieldSelector?: FieldSelector;
  limit?: number;
  continue?: string;
}

export interface ListResult<T> {
  items: T[];
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface WriteOptions {
  dryRun?: boolean;
}

export interface CreateOptions extends WriteOptions {
  /** Keep the given status even where the API server would clear it (seeding scenarios and fixtures). */
  preserveStatus?: boolean;
  /**
   * Load a fixture as given: status, uid, generation and resourceVersion are kept when present, and
   * validation is skipped (oracle scenarios hold objects the API would refuse). Implies preserveStatus.
   */
  seed?: boolean;
}

export interface UpdateOptions extends WriteOptions {
  subresource?: 'status';
}

export interface PatchOptions extends UpdateOptions {
  type: PatchType;
  patch: unknown;
}

export interface DeleteOptions extends WriteOptions {
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
}

export interface DeleteResult {
  /** The object's last state (with deletionTimestamp when deletion is graceful). */
  object: KubeObject;
  /** True when the object is gone from the store. */
  removed: boolean;
}

export interface ObjectStoreOptions {
  clock?: Clock;
  /** How many events are kept for watch resumption (default 10,000; older versions are Expired). */
  historySize?: number;
  uid?: () => string;
  /** Per-resource validators (422 Invalid when they return field errors); PDB and PUB rules by default. */
  validators?: Readonly<Record<string, ObjectValidator>>;
  onListenerError?: (error: unknown) => void;
}
