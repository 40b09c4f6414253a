import { arrayOf as asArray, objectOf as asObject, stringOf as asString } from './json.js';
import { KubeStatusError, type KubeHttp } from './http.js';

export interface PagedListOptions<T> {
  http: KubeHttp;
  /** The collection path, e.g. `/api/v1/pods` or `/api/v1/namespaces/a/pods`. */
  path: string;
  /** Turns one raw item into what is kept; undefined drops it. Raw items are never kept. */
  project: (raw: unknown) => T | undefined;
  limit?: number;
  labelSelector?: string;
  timeoutMs?: number;
}

export interface PagedList<T> {
  items: T[];
  /** The list's resourceVersion, where the watch starts. Opaque. */
  resourceVersion: string;
}

/**
 * Lists a collection in pages (`limit` + `continue`, as client-go's pager does), projecting
 * each page as it arrives so that at most one page of raw JSON is alive at a time. An expired
 * continue token (410) restarts the list from the beginning, like client-go does.
 */
export async function listAllPages<T>(options: PagedListOptions<T>): Promise<PagedList<T>> {
  const limit = options.limit ?? 500;
  for (let attempt = 0; ; attempt++) {
    const items: T[] = [];
    let token: string | undefined;
    let resourceVersion = '';
    try {
      do {
        const params = new URLSearchParams({ limit: String(limit) });
        if (token) params.set('continue', token);
        if (options.labelSelector) params.set('labelSelector', options.labelSelector);
        const body = asObject(
          await options.http.getOk(`${options.path}?${params.toString()}`, {
            timeoutMs: options.timeoutMs ?? 60_000,
          }),
        );
        const meta = asObject(body?.['metadata']);
        for (const raw of asArray(body?.['items'])) {
          const item = options.project(raw);
          if (item !== undefined) items.push(item);
        }
        resourceVersion = asString(meta?.['resourceVersion']) ?? resourceVersion;
        token = asString(meta?.['continue']) || undefined;
      } while (token);
      return { items, resourceVersion };
    } catch (err) {
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
