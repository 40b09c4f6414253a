import { listMetaInHead, readList, type MessageSchema } from '@pdbscope/shared/protobuf';
import { arrayOf as asArray, objectOf as asObject, stringOf as asString } from './json.js';
import { KubeStatusError, ProtobufBody, type KubeHttp } from './http.js';
import { JSON_ACCEPT, PROTOBUF_ACCEPT } from './wire.js';

export interface PagedListOptions<T> {
  http: KubeHttp;
  /** The collection path, e.g. `/api/v1/pods` or `/api/v1/namespaces/a/pods`. */
  path: string;
  /** Turns one raw item into what is kept; undefined drops it. Raw items are never kept. */
  project: (raw: unknown) => T | undefined;
  /**
   * Each page's items as soon as they are projected, before the list is complete: a consumer can
   * start on them while the next page is in flight. A list restarted after an expired token
   * hands over its pages again.
   */
  onPage?: (items: readonly T[]) => void;
  limit?: number;
  labelSelector?: string;
  timeoutMs?: number;
  /**
   * Ask for protobuf and decode its items with this schema (the kind's read set) into the JSON
   * form `project` reads; a server that answers JSON anyway is read as JSON.
   */
  protobuf?: MessageSchema;
  /**
   * `resourceVersion=0` on the first page: the API server answers from its watch cache instead of
   * a quorum read of etcd (cheaper for it), at the price of a possibly older state, and (before
   * Kubernetes 1.33's paginated cache lists) of the whole list in one answer. Only for a first
   * list: a relist must not go back before what is held.
   */
  fromCache?: boolean;
}

export interface PagedList<T> {
  items: T[];
  /** The list's resourceVersion, where the watch starts. Opaque. */
  resourceVersion: string;
}

/** The continue token in the start of a list's body (its metadata comes before its items). */
export function continueInHead(head: string | Uint8Array): string | undefined {
  if (typeof head !== 'string') {
    const token = listMetaInHead(head)?.continue;
    return token === '' ? undefined : token;
  }
  const items = head.indexOf('"items"');
  const meta = /"metadata":\{[^{}]*?"continue":"([^"\\]+)"/.exec(
    items === -1 ? head : head.slice(0, items),
  );
  return meta?.[1];
}

/** One page asked for, with the token it was asked with and, once its head is in, the next token. */
interface Requested {
  token: string | undefined;
  body: Promise<unknown>;
  abort: AbortController;
  next?: string;
}

/**
 * Lists a collection in pages (`limit` + `continue`, as client-go's pager does), projecting
 * each page as it arrives. The next page is asked for as soon as this page's metadata has
 * arrived (the server prepares it while we parse this one), so at most two pages of raw JSON
 * are alive at a time; a page asked for with a token that turns out not to be the page's is
 * dropped. An expired continue token (410) restarts the list from the beginning, like
 * client-go does.
 */
export async function listAllPages<T>(options: PagedListOptions<T>): Promise<PagedList<T>> {
  const limit = options.limit ?? 500;
  /** The page being read, and the one asked for ahead of it. */
  let current: Requested | undefined;
  let ahead: Requested | undefined;
  const askAhead = (token: string) => {
    if (ahead !== undefined) return;
    ahead = request(token);
    // Awaited only if used; a dropped one must not be an unhandled rejection.
    ahead.body.catch(() => undefined);
  };
  const request = (token: string | undefined): Requested => {
    const params = new URLSearchParams({ limit: String(limit) });
    if (token) params.set('continue', token);
    else if (options.fromCache === true) params.set('resourceVersion', '0');
    if (options.labelSelector) params.set('labelSelector', options.labelSelector);
    const abort = new AbortController();
    const page: Requested = { token, abort, body: Promise.resolve(undefined) };
    page.body = options.http.getOk(`${options.path}?${params.toString()}`, {
      timeoutMs: options.timeoutMs ?? 60_000,
      signal: abort.signal,
      accept: options.protobuf ? PROTOBUF_ACCEPT : JSON_ACCEPT,
      onHead: (head) => {
        page.next = continueInHead(head);
        if (page.next !== undefined && page === current) askAhead(page.next);
      },
    });
    return page;
  };
  const take = (token: string | undefined): Promise<unknown> => {
    const early = ahead;
    ahead = undefined;
    if (early && early.token === token) current = early;
    else {
      early?.abort.abort();
      current = request(token);
    }
    if (current.next !== undefined) askAhead(current.next);
    return current.body;
  };
  const dropAhead = () => {
    ahead?.abort.abort();
    ahead = undefined;
  };
  for (let attempt = 0; ; attempt++) {
    const items: T[] = [];
    let token: string | undefined;
    let resourceVersion = '';
    try {
      do {
        const answer = await take(token);
        const first = items.length;
        const page =
          answer instanceof ProtobufBody && options.protobuf
            ? readProtobufPage(answer, options.protobuf, options.project, items)
            : readJsonPage(answer, options.project, items);
        options.onPage?.(items.slice(first));
        resourceVersion = page.resourceVersion ?? resourceVersion;
        // An empty continue token means the list is complete.
        token = page.continue === '' ? undefined : page.continue;
      } while (token);
      dropAhead();
      return { items, resourceVersion };
    } catch (err) {
      dropAhead();
      if (
        err instanceof KubeStatusError &&
        err.statusCode === 410 &&
        token !== undefined &&
        attempt < 3
      )
        continue;
      throw err;
    }
  }
}

interface PageMeta {
  resourceVersion: string | undefined;
  continue: string | undefined;
}

function readJsonPage<T>(
  answer: unknown,
  project: (raw: unknown) => T | undefined,
  into: T[],
): PageMeta {
  const body = asObject(answer);
  const meta = asObject(body?.['metadata']);
  const raws = asArray(body?.['items']) as unknown[];
  for (let i = 0; i < raws.length; i++) {
    const item = project(raws[i]);
    // Let go of each raw object once projected: the young-generation collections that run
    // while a page is read copy whatever of it is still reachable (a page parses to ~5 MB).
    raws[i] = undefined;
    if (item !== undefined) into.push(item);
  }
  return {
    resourceVersion: asString(meta?.['resourceVersion']),
    continue: asString(meta?.['continue']),
  };
}

/** Each item decoded (only what its schema names) and projected before the next is read. */
function readProtobufPage<T>(
  answer: ProtobufBody,
  schema: MessageSchema,
  project: (raw: unknown) => T | undefined,
  into: T[],
): PageMeta {
  const meta = readList(answer.bytes, schema, (raw) => {
    const item = project(raw);
    if (item !== undefined) into.push(item);
  });
  return { resourceVersion: meta.resourceVersion, continue: meta.continue };
}
