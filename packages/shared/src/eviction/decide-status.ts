// metav1.Status bodies as k8s.io/apimachinery/pkg/api/errors builds them.
import type { StatusBody, StatusCause } from './decide-types.js';

export const EVICTION_BLOCKED_MESSAGE =
  "Cannot evict pod as it would violate the pod's disruption budget.";
export const MULTIPLE_PDBS_MESSAGE =
  'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';

const body = (fields: Omit<StatusBody, 'kind' | 'apiVersion' | 'metadata'>): StatusBody => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  ...fields,
});

/** `Status{Success}`; the create handler fills in 201. */
export const successStatus = (): StatusBody => body({ status: 'Success', code: 201 });

/** `errors.NewTooManyRequests` with the DisruptionBudget cause (retryAfterSeconds 0 is omitted in JSON). */
export function tooManyRequestsStatus(cause: string, retryAfterSeconds: number): StatusBody {
  const causes: StatusCause[] = [{ reason: 'DisruptionBudget', message: cause }];
  return body({
    status: 'Failure',
    message: EVICTION_BLOCKED_MESSAGE,
    reason: 'TooManyRequests',
    details: { causes, ...(retryAfterSeconds > 0 ? { retryAfterSeconds } : {}) },
    code: 429,
  });
}

/** `errors.NewForbidden(policy.Resource("poddisruptionbudget"), name, err)`. */
export function pdbForbiddenStatus(pdbName: string, why: string): StatusBody {
  return body({
    status: 'Failure',
    message: `poddisruptionbudget.policy "${pdbName}" is forbidden: ${why}`,
    reason: 'Forbidden',
    details: { name: pdbName, group: 'policy', kind: 'poddisruptionbudget' },
    code: 403,
  });
}

export const badRequestStatus = (message: string): StatusBody =>
  body({ status: 'Failure', message, reason: 'BadRequest', code: 400 });

export const podNotFoundStatus = (name: string): StatusBody =>
  body({
    status: 'Failure',
    message: `pods "${name}" not found`,
    reason: 'NotFound',
    details: { name, kind: 'pods' },
    code: 404,
  });

/** `errors.NewConflict(resource, name, err)`. */
export const conflictStatus = (resource: string, name: string, why: string): StatusBody =>
  body({
    status: 'Failure',
    message: `Operation cannot be fulfilled on ${resource} "${name}": ${why}`,
    reason: 'Conflict',
    details: { name, kind: resource },
    code: 409,
  });

/**
 * The ">1 PDB" answer: returned (not raised) as a Status with code 500; the request finisher turns
 * any non-Success Status into an error, so the HTTP status line is 500 too.
 */
export const multiplePdbsStatus = (): StatusBody =>
  body({ status: 'Failure', message: MULTIPLE_PDBS_MESSAGE, code: 500 });

/** A validating webhook's denial as the API server relays it (`webhookerrors.ToStatusErr`). */
export function webhookDeniedStatus(
  webhook: string,
  result: { code: number; reason: string; message: string },
): StatusBody {
  return body({
    status: 'Failure',
    message: `admission webhook "${webhook}" denied the request: ${result.message}`,
    reason: result.reason,
    code: result.code < 400 ? 400 : result.code,
  });
}
