import type { Result } from '@pdbscope/shared';
import type { PdbView, PubView } from '@pdbscope/shared';
import { decideEviction, pdbFromObject, podFromObject, pubFromObject } from '@pdbscope/shared';
import type { KubeObject, StoreError } from '../../store/index.js';
import { badRequest, internalError, rfc3339 } from '../../store/index.js';
import type { RequestInput, ServerContext } from '../context.js';
import { readJsonBody, sendError, sendJson } from '../http.js';
import { dryRunOf } from '../query.js';

const EVICTION_VERSIONS = ['policy/v1', 'policy/v1beta1'];

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

interface EvictionRequest {
  name: string;
  dryRun: boolean;
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
}

/** Reads an Eviction body and merges its dry-run with the request's (`propagateDryRun`). */
function readEviction(body: unknown, params: URLSearchParams): Result<EvictionRequest, StoreError> {
  if (
    !isRecord(body) ||
    body.kind !== 'Eviction' ||
    !EVICTION_VERSIONS.includes(String(body.apiVersion))
  ) {
    const kind = isRecord(body)
      ? `${String(body.apiVersion ?? '')}, Kind=${String(body.kind ?? '')}`
      : typeof body;
    return { ok: false, error: badRequest(`not a Eviction object: ${kind}`) };
  }
  const meta = isRecord(body.metadata) ? body.metadata : {};
  const options = isRecord(body.deleteOptions) ? body.deleteOptions : undefined;
  const requestDryRun = params.getAll('dryRun');
  const bodyDryRun =
    options !== undefined && Array.isArray(options.dryRun)
      ? (options.dryRun as string[])
      : undefined;
  if (
    bodyDryRun !== undefined &&
    requestDryRun.length > 0 &&
    JSON.stringify(bodyDryRun) !== JSON.stringify(requestDryRun)
  ) {
    return {
      ok: false,
      error: internalError(
        `Non-matching dry-run options in request and content: [${requestDryRun.join(' ')}] and [${bodyDryRun.join(' ')}]`,
      ),
    };
  }
  const request: EvictionRequest = {
    name: typeof meta.name === 'string' ? meta.name : '',
    dryRun: dryRunOf(params) || (bodyDryRun ?? []).includes('All'),
  };
  if (options !== undefined && typeof options.gracePeriodSeconds === 'number')
    request.gracePeriodSeconds = options.gracePeriodSeconds;
  if (options !== undefined && isRecord(options.preconditions)) {
    const pre: { uid?: string; resourceVersion?: string } = {};
    if (typeof options.preconditions.uid === 'string') pre.uid = options.preconditions.uid;
    if (typeof options.preconditions.resourceVersion === 'string')
      pre.resourceVersion = options.preconditions.resourceVersion;
    request.preconditions = pre;
  }
  return { ok: true, value: request };
}

function budgetsIn<T>(
  ctx: ServerContext,
  resource: string,
  namespace: string,
  convert: (o: unknown) => Result<T>,
): T[] {
  const listed = ctx.store.list(resource, { namespace });
  if (!listed.ok) return [];
  return listed.value.items.flatMap((o) => {
    const c = convert(o);
    return c.ok ? [c.value] : [];
  });
}

function writePdbStatus(ctx: ServerContext, pdb: PdbView): void {
  ctx.store.modify(
    'poddisruptionbudgets',
    pdb.namespace,
    pdb.name,
    (copy) => {
      const s = pdb.status;
      copy.status = {
        ...(isRecord(copy.status) ? copy.status : {}),
        observedGeneration: s.observedGeneration,
        disruptedPods: s.disruptedPods,
        disruptionsAllowed: s.disruptionsAllowed,
        currentHealthy: s.currentHealthy,
        desiredHealthy: s.desiredHealthy,
        expectedPods: s.expectedPods,
        conditions: s.conditions,
      };
    },
    { subresource: 'status' },
  );
}

function writePubStatus(ctx: ServerContext, pub: PubView): void {
  ctx.store.modify(
    'podunavailablebudgets',
    pub.namespace,
    pub.name,
    (copy) => {
      copy.status = {
        ...(isRecord(copy.status) ? copy.status : {}),
        disruptedPods: pub.status.disruptedPods,
        unavailablePods: pub.status.unavailablePods,
        unavailableAllowed: pub.status.unavailableAllowed,
      };
    },
    { subresource: 'status' },
  );
}

/** `DisruptionTarget=True` (EvictionByEvictionAPI), as the eviction handler sets before deleting. */
function addDisruptionTarget(pod: KubeObject, now: string): void {
  const status = isRecord(pod.status) ? pod.status : {};
  pod.status = status;
  const conditions = Array.isArray(status.conditions) ? (status.conditions as Json[]) : [];
  const condition = {
    type: 'DisruptionTarget',
    status: 'True',
    lastProbeTime: null,
    lastTransitionTime: now,
    reason: 'EvictionByEvictionAPI',
    message: 'Eviction API: evicting',
  };
  const i = conditions.findIndex((c) => c.type === 'DisruptionTarget');
  if (i >= 0) conditions[i] = condition;
  else conditions.push(condition);
  status.conditions = conditions;
}

/**
 * POST pods/{name}/eviction: the shared engine decides from the stored pod and budgets; the server
 * then writes what it decided (PDB/PUB status, the pod's DisruptionTarget condition, a graceful delete).
 */
export async function handleEviction({
  ctx,
  route,
  req,
  res,
  params,
}: RequestInput): Promise<void> {
  const body = await readJsonBody(req);
  if (!body.ok) return sendError(res, body.error);
  const eviction = readEviction(body.value, params);
  if (!eviction.ok) return sendError(res, eviction.error);
  const namespace = route.namespace ?? '';
  const urlName = route.name ?? '';
  const stored = ctx.store.get('pods', namespace, urlName);
  const pod = stored === undefined ? undefined : podFromObject(stored);
  const now = ctx.clock.now();
  const request = eviction.value;
  const decision = decideEviction({
    namespace,
    podName: request.name,
    pod: pod?.ok === true ? pod.value : undefined,
    pdbs: budgetsIn(ctx, 'poddisruptionbudgets', namespace, pdbFromObject),
    pubs: budgetsIn(ctx, 'podunavailablebudgets', namespace, pubFromObject),
    options: {
      dryRun: request.dryRun,
      urlName,
      ...(request.preconditions === undefined ? {} : { preconditions: request.preconditions }),
    },
    now,
  });
  if (!request.dryRun) {
    if (decision.pdbAfter !== undefined) writePdbStatus(ctx, decision.pdbAfter);
    if (decision.pubAfter !== undefined) writePubStatus(ctx, decision.pubAfter);
    if (decision.podDeleted && stored !== undefined) {
      ctx.store.modify(
        'pods',
        namespace,
        urlName,
        (copy) => addDisruptionTarget(copy, rfc3339(now)),
        { subresource: 'status' },
      );
      ctx.store.delete(
        'pods',
        namespace,
        urlName,
        request.gracePeriodSeconds === undefined
          ? {}
          : { gracePeriodSeconds: request.gracePeriodSeconds },
      );
    }
  }
  const retry = decision.retryAfterSeconds ?? 0;
  sendJson(
    res,
    decision.httpStatus,
    decision.status,
    retry > 0 ? { 'Retry-After': String(retry) } : {},
  );
}
