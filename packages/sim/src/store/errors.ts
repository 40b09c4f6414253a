import type { FieldError } from '@pdbscope/shared';
import { fieldErrorText } from '@pdbscope/shared';

/** `metav1.StatusReason` values the simulator produces. */
export type StatusReason =
  | 'BadRequest'
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'Unauthorized'
  | 'Forbidden'
  | 'MethodNotAllowed'
  | 'Expired'
  | 'Gone'
  | 'TooManyRequests'
  | 'InternalError'
  | 'NotAcceptable'
  | 'UnsupportedMediaType'
  | 'Timeout';

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

/** A failed request as the API server reports it: the HTTP code and the `Status` body fields. */
export interface StoreError {
  code: number;
  reason: StatusReason;
  message: string;
  details?: StatusDetails;
}

/** The `Status` object a kube-apiserver sends for an error. */
export function statusBody(error: StoreError): Record<string, unknown> {
  const body: Record<string, unknown> = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: error.message,
    reason: error.reason,
  };
  if (error.details !== undefined) body.details = error.details;
  body.code = error.code;
  return body;
}

/** How a resource is named in messages: `pods`, `poddisruptionbudgets.policy`. */
export interface QualifiedResource {
  group: string;
  resource: string;
}

function qualified(r: QualifiedResource): string {
  return r.group === '' ? r.resource : `${r.resource}.${r.group}`;
}

function nameDetails(r: QualifiedResource, name: string): StatusDetails {
  return r.group === '' ? { name, kind: r.resource } : { name, group: r.group, kind: r.resource };
}

export function notFound(r: QualifiedResource, name: string): StoreError {
  return {
    code: 404,
    reason: 'NotFound',
    message: `${qualified(r)} "${name}" not found`,
    details: nameDetails(r, name),
  };
}

export function alreadyExists(r: QualifiedResource, name: string): StoreError {
  return {
    code: 409,
    reason: 'AlreadyExists',
    message: `${qualified(r)} "${name}" already exists`,
    details: nameDetails(r, name),
  };
}

export function conflict(r: QualifiedResource, name: string, why: string): StoreError {
  return {
    code: 409,
    reason: 'Conflict',
    message: `Operation cannot be fulfilled on ${qualified(r)} "${name}": ${why}`,
    details: nameDetails(r, name),
  };
}

export const STALE_OBJECT =
  'the object has been modified; please apply your changes to the latest version and try again';

/** `apierrors.NewInvalid`: 422 with one cause per field error. */
export function invalid(
  kind: string,
  group: string,
  name: string,
  errors: readonly FieldError[],
): StoreError {
  const texts = errors.map(fieldErrorText);
  const joined = texts.length === 1 ? (texts[0] ?? '') : `[${texts.join(', ')}]`;
  const qualifiedKind = group === '' ? kind : `${kind}.${group}`;
  const details: StatusDetails = {
    name,
    ...(group === '' ? {} : { group }),
    kind,
    causes: errors.map((e, i) => ({
      reason: e.type,
      message: (texts[i] ?? '').slice(e.field.length + 2),
      field: e.field,
    })),
  };
  return {
    code: 422,
    reason: 'Invalid',
    message: `${qualifiedKind} "${name}" is invalid: ${joined}`,
    details,
  };
}

export function badRequest(message: string): StoreError {
  return { code: 400, reason: 'BadRequest', message };
}

export function forbidden(message: string, details?: StatusDetails): StoreError {
  return details === undefined
    ? { code: 403, reason: 'Forbidden', message }
    : { code: 403, reason: 'Forbidden', message, details };
}

/** What kube-apiserver answers a request whose bearer token it does not accept (no details). */
export function unauthorized(): StoreError {
  return { code: 401, reason: 'Unauthorized', message: 'Unauthorized' };
}

export function methodNotAllowed(
  message = 'the server does not allow this method on the requested resource',
): StoreError {
  return { code: 405, reason: 'MethodNotAllowed', message, details: {} };
}

export function expired(message: string): StoreError {
  return { code: 410, reason: 'Expired', message };
}

export function internalError(message: string): StoreError {
  return {
    code: 500,
    reason: 'InternalError',
    message: `Internal error occurred: ${message}`,
    details: { causes: [{ message }] },
  };
}
