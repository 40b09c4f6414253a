import { lowerBound, type Result } from '@pdbscope/shared';
import { decodeContinue, encodeContinue } from './continue-token.js';
import type { StoreError } from './errors.js';
import { badRequest, expired } from './errors.js';
import { labelsMatch } from './query-selectors.js';
import type { ListOptions, ListResult, StoredObject } from './store-options.js';
import type { KubeObject } from './types.js';

export interface ListPageInput {
  /** Every key of the resource, sorted. */
  keys: readonly string[];
  objects: ReadonlyMap<string, StoredObject>;
  namespaced: boolean;
  options: ListOptions;
  currentRv: number;
  /** Continue tokens issued before this version (a restart or expiry) are Expired. */
  epochStart: number;
}

function fail(error: StoreError): { ok: false; error: StoreError } {
  return { ok: false, error };
}

function matches(obj: KubeObject, options: ListOptions): boolean {
  if (
    options.labelSelector !== undefined &&
    !labelsMatch(options.labelSelector, obj.metadata.labels)
  )
    return false;
  return options.fieldSelector === undefined || options.fieldSelector.matches(obj);
}

/**
 * One page of a list in key order (`namespace/name`, as etcd returns it): a namespace is a
 * contiguous key range, a continue token names the last key returned and the list's version.
 */
export function listPage({
  keys,
  objects,
  namespaced,
  options,
  currentRv,
  epochStart,
}: ListPageInput): Result<ListResult<StoredObject>, StoreError> {
  let listRv = currentRv;
  let startAfter: string | undefined;
  if (options.continue !== undefined && options.continue !== '') {
    const token = decodeContinue(options.continue);
    if (token === undefined) return fail(badRequest('invalid continue token'));
    if (token.rv < epochStart) {
      return fail(
        expired(
          'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.',
        ),
      );
    }
    listRv = token.rv;
    startAfter = token.start;
  }
  const prefix = namespaced && options.namespace !== undefined ? `${options.namespace}/` : '';
  let i = lowerBound(keys, startAfter === undefined ? prefix : startAfter + '\u0000');
  const limit = options.limit !== undefined && options.limit > 0 ? options.limit : Infinity;
  const items: StoredObject[] = [];
  let last: string | undefined;
  for (; i < keys.length; i++) {
    const k = keys[i] as string;
    if (prefix !== '' && !k.startsWith(prefix)) break;
    const stored = objects.get(k);
    if (stored === undefined || !matches(stored.object, options)) continue;
    if (items.length >= limit) break;
    items.push(stored);
    last = k;
  }
  const more =
    i < keys.length &&
    (prefix === '' || (keys[i] as string).startsWith(prefix)) &&
    items.length >= limit;
  const result: ListResult<StoredObject> = { items, resourceVersion: String(listRv) };
  if (more && last !== undefined) result.continue = encodeContinue({ rv: listRv, start: last });
  return { ok: true, value: result };
}
