import type { KubeObject } from '../../store/index.js';
import { PATCH_CONTENT_TYPES, applyPatch, badRequest, notFound } from '../../store/index.js';
import type { RequestInput } from '../context.js';
import { readJsonBody, sendError, sendJson } from '../http.js';
import { dryRunOf } from '../query.js';
import { formatSelector } from '../table/columns.js';

type Json = Record<string, unknown>;

const record = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};

/** The autoscaling/v1 Scale view of a workload. */
export function scaleOf(obj: KubeObject): KubeObject {
  const spec = record(obj.spec);
  const status = record(obj.status);
  const selector =
    obj.kind === 'ReplicationController'
      ? Object.entries(record(spec.selector))
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(',')
      : formatSelector(spec.selector);
  const { name, namespace, uid, resourceVersion, creationTimestamp } = obj.metadata;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name, namespace, uid, resourceVersion, creationTimestamp },
    spec: { replicas: typeof spec.replicas === 'number' ? spec.replicas : 1 },
    status: {
      replicas: typeof status.replicas === 'number' ? status.replicas : 0,
      selector: selector === '<none>' ? '' : selector,
    },
  };
}

/** GET / PUT / PATCH {workload}/scale: reads and writes spec.replicas of the workload. */
export async function handleScale({ ctx, route, req, res, params }: RequestInput): Promise<void> {
  const resource = route.type.resource;
  const name = route.name ?? '';
  const current = ctx.store.get(resource, route.namespace, name);
  if (current === undefined) {
    req.resume();
    return sendError(res, notFound(route.type, name));
  }
  if (req.method === 'GET') {
    req.resume();
    return sendJson(res, 200, scaleOf(current));
  }
  let wanted: unknown;
  const body = await readJsonBody(req);
  if (!body.ok) return sendError(res, body.error);
  if (req.method === 'PUT') wanted = body.value;
  else {
    const type =
      PATCH_CONTENT_TYPES[(req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? ''];
    if (type === undefined)
      return sendError(res, {
        code: 415,
        reason: 'UnsupportedMediaType',
        message: 'the body of the request was in an unknown format',
      });
    const patched = applyPatch({
      resource: 'scale',
      type,
      target: scaleOf(current),
      patch: body.value,
    });
    if (!patched.ok) return sendError(res, patched.error);
    wanted = patched.value;
  }
  const replicas = record(record(wanted).spec).replicas;
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
    return sendError(res, badRequest('spec.replicas must be a non-negative integer'));
  }
  const expected = record(record(wanted).metadata).resourceVersion;
  const next: KubeObject = {
    ...current,
    metadata: {
      ...current.metadata,
      ...(typeof expected === 'string' && expected !== '' ? { resourceVersion: expected } : {}),
    },
    spec: { ...record(current.spec), replicas },
  };
  const updated = ctx.store.update(resource, next, { dryRun: dryRunOf(params) });
  if (!updated.ok) return sendError(res, updated.error);
  sendJson(res, 200, scaleOf(updated.value));
}
