import { parse } from 'yaml';
import type { KubeObject } from '../../store/index.js';
import { apiVersionOf, applyPatch, badRequest } from '../../store/index.js';
import type { RequestInput } from '../context.js';
import { readTextBody, sendError, sendJson } from '../http.js';
import { dryRunOf } from '../query.js';

export const APPLY_PATCH_CONTENT_TYPE = 'application/apply-patch+yaml';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Server-side apply, approximated: the applied configuration creates the object, or is merged onto
 * the live one as a strategic merge patch. Field ownership is not tracked, so a field dropped from the
 * configuration stays, and there are no apply conflicts.
 */
export async function handleApply({ ctx, route, req, res, params }: RequestInput): Promise<void> {
  const text = await readTextBody(req);
  if (!text.ok) return sendError(res, text.error);
  if ((params.get('fieldManager') ?? '') === '') {
    return sendError(res, {
      code: 422,
      reason: 'Invalid',
      message:
        'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
      details: {
        group: 'meta.k8s.io',
        kind: 'PatchOptions',
        causes: [
          {
            reason: 'FieldValueRequired',
            message: 'Required value: is required for apply patch',
            field: 'fieldManager',
          },
        ],
      },
    });
  }
  let config: unknown;
  try {
    config = parse(text.value) as unknown;
  } catch (e) {
    return sendError(
      res,
      badRequest(`error decoding YAML: ${e instanceof Error ? e.message : String(e)}`),
    );
  }
  if (!isRecord(config) || !isRecord(config.metadata))
    return sendError(res, badRequest('the applied configuration must be an object with metadata'));
  const t = route.type;
  const name = route.name ?? '';
  const dryRun = dryRunOf(params);
  const live = ctx.store.get(t.resource, route.namespace, name);
  if (live === undefined) {
    const obj = {
      ...config,
      apiVersion: apiVersionOf(t),
      kind: t.kind,
      metadata: {
        ...config.metadata,
        name,
        ...(route.namespace === undefined ? {} : { namespace: route.namespace }),
      },
    } as KubeObject;
    const created = ctx.store.create(t.resource, obj, { dryRun });
    if (!created.ok) return sendError(res, created.error);
    return sendJson(res, 201, created.value);
  }
  const { metadata: _ignored, ...rest } = config;
  const meta = config.metadata;
  const patch = {
    ...rest,
    metadata: {
      ...(isRecord(meta.labels) ? { labels: meta.labels } : {}),
      ...(isRecord(meta.annotations) ? { annotations: meta.annotations } : {}),
    },
  };
  const merged = applyPatch({ resource: t.resource, type: 'strategic', target: live, patch });
  if (!merged.ok) return sendError(res, merged.error);
  const updated = ctx.store.update(t.resource, merged.value, {
    dryRun,
    ...(route.subresource === 'status' ? { subresource: 'status' as const } : {}),
  });
  if (!updated.ok) return sendError(res, updated.error);
  sendJson(res, 200, updated.value);
}
