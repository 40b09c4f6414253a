import type { StoreError } from '../../store/index.js';
import { apiVersionOf } from '../../store/index.js';
import type { RequestInput } from '../context.js';
import { sendError } from '../http.js';
import type { ListQuery } from '../query.js';
import { selectionOf } from '../query.js';
import { Watcher } from '../watch-hub.js';
import { failedList, includeObjectOf, tableRequested } from './read.js';
import { protobufAnswer } from '../protobuf-out.js';
import { PROTOBUF_MEDIA_TYPE } from '@pdbscope/shared/protobuf';

/** `sendInitialEvents` (WatchList) needs bookmarks and resourceVersionMatch=NotOlderThan, as the API validates. */
function watchListError(
  params: URLSearchParams,
  query: ListQuery,
  watchList: boolean,
): StoreError | undefined {
  if (!watchList || params.get('sendInitialEvents') !== 'true') return undefined;
  const causes: string[] = [];
  if (params.get('resourceVersionMatch') !== 'NotOlderThan')
    causes.push(
      `resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan`,
    );
  if (!query.allowWatchBookmarks)
    causes.push(
      `allowWatchBookmarks: Forbidden: sendInitialEvents requires setting allowWatchBookmarks to true`,
    );
  if (causes.length === 0) return undefined;
  return {
    code: 422,
    reason: 'Invalid',
    message: `ListOptions.meta.k8s.io "" is invalid: ${causes.length === 1 ? (causes[0] ?? '') : `[${causes.join(', ')}]`}`,
    details: { group: 'meta.k8s.io', kind: 'ListOptions' },
  };
}

/**
 * A watch: resume after `resourceVersion` (410 as an ERROR event once it was compacted), or, when it
 * is unset or "0", synthetic ADDED events for the current state first.
 */
export function handleWatch({ ctx, route, query, req, res, params }: RequestInput): void {
  const rv = query.resourceVersion;
  const invalidWatchList = watchListError(params, query, ctx.watchList);
  if (invalidWatchList !== undefined) return sendError(res, invalidWatchList);
  const streamsList = ctx.watchList && params.get('sendInitialEvents') === 'true';
  if (streamsList && failedList(ctx, res)) return;
  const resume = rv !== undefined && rv !== '0' ? ctx.store.eventsSince(rv) : undefined;
  if (resume !== undefined && !resume.ok && resume.error.code !== 410) {
    sendError(res, resume.error);
    return;
  }
  const protobuf = protobufAnswer(ctx, route.type, req);
  res.writeHead(200, {
    'Content-Type': protobuf ? `${PROTOBUF_MEDIA_TYPE};stream=watch` : 'application/json',
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  res.flushHeaders();
  const watcher = new Watcher(
    {
      resource: route.type.resource,
      ...selectionOf(route.namespace, query),
      ...(tableRequested(req) ? { table: { include: includeObjectOf(req, params) } } : {}),
      ...(protobuf ? { protobuf } : {}),
      bookmarks: query.allowWatchBookmarks,
      bookmarkKind: { apiVersion: apiVersionOf(route.type), kind: route.type.kind },
      currentVersion: () => ctx.store.resourceVersion(),
      maxBufferedBytes: ctx.maxWatchBufferBytes,
    },
    res,
    ctx.clock,
    (w) => ctx.hub.remove(w),
  );
  if (resume !== undefined && !resume.ok) {
    watcher.fail(resume.error);
    return;
  }
  if (resume !== undefined) {
    for (const entry of resume.value)
      if (entry.event.resource === route.type.resource) watcher.deliver(entry);
  }
  if (!watcher.isOpen) return;
  ctx.hub.add(watcher);
  watcher.startTimers(
    query.timeoutSeconds === undefined ? undefined : query.timeoutSeconds * 1000,
    ctx.bookmarkIntervalMs,
  );
  if (resume !== undefined) return watcher.goLive();
  // The state is taken now (stored objects are replaced, never changed, on a write); events
  // after it are held by the watcher until the state has gone out.
  const listed = ctx.store.listStored(
    route.type.resource,
    route.namespace === undefined ? {} : { namespace: route.namespace },
  );
  void watcher
    .sendInitial({
      items: listed.ok ? listed.value.items : [],
      endVersion: listed.ok ? listed.value.resourceVersion : ctx.store.resourceVersion(),
      endBookmark: streamsList,
    })
    .then(() => watcher.goLive());
}
