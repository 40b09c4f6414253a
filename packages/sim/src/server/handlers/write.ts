import type { Result } from '@pdbscope/shared';
import type { DeleteOptions, KubeObject, StoreError } from '../../store/index.js';
import { PATCH_CONTENT_TYPES, apiVersionOf, badRequest, notFound } from '../../store/index.js';
import type { RequestInput, ServerContext } from '../context.js';
import { readJsonBody, sendError, sendJson } from '../http.js';
import { APPLY_PATCH_CONTENT_TYPE, handleApply } from './apply.js';
import { dryRunOf, selectionOf } from '../query.js';
import type { ResourceRoute } from '../route.js';

type Checked = Result<KubeObject, StoreError>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The body must be an object of the route's kind, in the route's namespace (filled in when absent). */
function checkObject(route: ResourceRoute, body: unknown): Checked {
  const t = route.type;
  if (!isRecord(body))
    return {
      ok: false,
      error: badRequest('the object provided is unrecognized (must be of type ' + t.kind + ')'),
    };
  const apiVersion = typeof body.apiVersion === 'string' ? body.apiVersion : apiVersionOf(t);
  const kind = typeof body.kind === 'string' ? body.kind : t.kind;
  if (apiVersion !== apiVersionOf(t) || kind !== t.kind) {
    return {
      ok: false,
      error: badRequest(
        `the API version in the data (${apiVersion}) does not match the expected API version (${apiVersionOf(t)})`,
      ),
    };
  }
  const metadata = isRecord(body.metadata) ? { ...body.metadata } : {};
  if (t.namespaced && route.namespace !== undefined) {
    if (
      metadata.namespace !== undefined &&
      metadata.namespace !== '' &&
      metadata.namespace !== route.namespace
    ) {
      return {
        ok: false,
        error: badRequest(
          'the namespace of the provided object does not match the namespace sent on the request',
        ),
      };
    }
    metadata.namespace = route.namespace;
  }
  return { ok: true, value: { ...body, apiVersion, kind, metadata } as KubeObject };
}

function namespaceMissing(ctx: ServerContext, route: ResourceRoute): StoreError | undefined {
  if (!route.type.namespaced || route.namespace === undefined) return undefined;
  if (ctx.store.get('namespaces', undefined, route.namespace) !== undefined) return undefined;
  return notFound({ group: '', resource: 'namespaces' }, route.namespace);
}

export async function handleCreate({ ctx, route, req, res, params }: RequestInput): Promise<void> {
  const body = await readJsonBody(req);
  if (!body.ok) return sendError(res, body.error);
  const checked = checkObject(route, body.value);
  if (!checked.ok) return sendError(res, checked.error);
  const missing = namespaceMissing(ctx, route);
  if (missing !== undefined) return sendError(res, missing);
  const created = ctx.store.create(route.type.resource, checked.value, {
    dryRun: dryRunOf(params),
  });
  if (!created.ok) return sendError(res, created.error);
  sendJson(res, 201, created.value);
}

export async function handleUpdate({ ctx, route, req, res, params }: RequestInput): Promise<void> {
  const body = await readJsonBody(req);
  if (!body.ok) return sendError(res, body.error);
  const checked = checkObject(route, body.value);
  if (!checked.ok) return sendError(res, checked.error);
  const name = route.name ?? '';
  const bodyName = checked.value.metadata.name;
  if (bodyName !== undefined && bodyName !== name) {
    return sendError(
      res,
      badRequest(
        `the name of the object (${bodyName}) does not match the name on the URL (${name})`,
      ),
    );
  }
  checked.value.metadata.name = name;
  const updated = ctx.store.update(route.type.resource, checked.value, {
    dryRun: dryRunOf(params),
    ...(route.subresource === 'status' ? { subresource: 'status' as const } : {}),
  });
  if (!updated.ok) return sendError(res, updated.error);
  sendJson(res, 200, updated.value);
}

export async function handlePatch(input: RequestInput): Promise<void> {
  const { ctx, route, req, res, params } = input;
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType === APPLY_PATCH_CONTENT_TYPE) return handleApply(input);
  const type = PATCH_CONTENT_TYPES[contentType];
  if (type === undefined) {
    req.resume();
    return sendError(res, {
      code: 415,
      reason: 'UnsupportedMediaType',
      message: `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json`,
    });
  }
  const body = await readJsonBody(req);
  if (!body.ok) return sendError(res, body.error);
  const patched = ctx.store.patch(route.type.resource, route.namespace, route.name ?? '', {
    type,
    patch: body.value,
    dryRun: dryRunOf(params),
    ...(route.subresource === 'status' ? { subresource: 'status' as const } : {}),
  });
  if (!patched.ok) return sendError(res, patched.error);
  sendJson(res, 200, patched.value);
}

function deleteOptionsFrom(body: unknown, params: URLSearchParams): DeleteOptions {
  const opts: DeleteOptions = { dryRun: dryRunOf(params) };
  const grace = params.get('gracePeriodSeconds');
  if (grace !== null && grace !== '' && Number.isFinite(Number(grace)))
    opts.gracePeriodSeconds = Number(grace);
  if (isRecord(body)) {
    if (typeof body.gracePeriodSeconds === 'number')
      opts.gracePeriodSeconds = body.gracePeriodSeconds;
    if (Array.isArray(body.dryRun) && body.dryRun.includes('All')) opts.dryRun = true;
    if (isRecord(body.preconditions)) {
      const pre: { uid?: string; resourceVersion?: string } = {};
      if (typeof body.preconditions.uid === 'string') pre.uid = body.preconditions.uid;
      if (typeof body.preconditions.resourceVersion === 'string')
        pre.resourceVersion = body.preconditions.resourceVersion;
      opts.preconditions = pre;
    }
  }
  return opts;
}

export async function handleDelete({ ctx, route, req, res, params }: RequestInput): Promise<void> {
  const hasBody =
    Number(req.headers['content-length'] ?? '0') > 0 ||
    req.headers['transfer-encoding'] !== undefined;
  let body: unknown;
  if (hasBody) {
    const read = await readJsonBody(req);
    if (!read.ok && read.error.message !== 'the body of the request was empty')
      return sendError(res, read.error);
    if (read.ok) body = read.value;
  } else req.resume();
  const deleted = ctx.store.delete(
    route.type.resource,
    route.namespace,
    route.name ?? '',
    deleteOptionsFrom(body, params),
  );
  if (!deleted.ok) return sendError(res, deleted.error);
  sendJson(res, 200, deleted.value.object);
}

/** DELETE on a collection: every object the selectors match, each deleted as a single DELETE would. */
export async function handleDeleteCollection({
  ctx,
  route,
  query,
  req,
  res,
  params,
}: RequestInput): Promise<void> {
  const hasBody =
    Number(req.headers['content-length'] ?? '0') > 0 ||
    req.headers['transfer-encoding'] !== undefined;
  let body: unknown;
  if (hasBody) {
    const read = await readJsonBody(req);
    if (read.ok) body = read.value;
  } else req.resume();
  const listed = ctx.store.list(route.type.resource, selectionOf(route.namespace, query));
  if (!listed.ok) return sendError(res, listed.error);
  const options = deleteOptionsFrom(body, params);
  const items: KubeObject[] = [];
  for (const obj of listed.value.items) {
    const deleted = ctx.store.delete(
      route.type.resource,
      obj.metadata.namespace,
      obj.metadata.name ?? '',
      options,
    );
    if (deleted.ok) items.push(deleted.value.object);
  }
  sendJson(res, 200, {
    kind: route.type.listKind,
    apiVersion: apiVersionOf(route.type),
    metadata: { resourceVersion: ctx.store.resourceVersion() },
    items,
  });
}
