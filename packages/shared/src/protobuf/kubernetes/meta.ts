// k8s.io/apimachinery v0.36.3: pkg/apis/meta/v1/generated.proto, pkg/runtime/generated.proto,
// pkg/util/intstr and pkg/api/resource (the field numbers); omitempty from meta/v1/types.go.

import {
  KEEP,
  bool,
  int,
  list,
  map,
  message,
  obj,
  str,
  strings,
  time,
  type FieldDef,
  type MessageSchema,
} from '../schema.js';

export const OWNER_REFERENCE = message('OwnerReference', {
  kind: str(1, KEEP),
  name: str(3, KEEP),
  uid: str(4, KEEP),
  apiVersion: str(5, KEEP),
  controller: bool(6, KEEP),
  blockOwnerDeletion: bool(7, KEEP),
});

const MANAGED_FIELDS_ENTRY = message('ManagedFieldsEntry', {
  manager: str(1),
  operation: str(2),
  apiVersion: str(3),
  time: time(4),
  fieldsType: str(6),
  subresource: str(8),
});

export const OBJECT_META = message('ObjectMeta', {
  name: str(1),
  generateName: str(2),
  namespace: str(3),
  selfLink: str(4),
  uid: str(5),
  resourceVersion: str(6),
  generation: int(7),
  creationTimestamp: time(8),
  deletionTimestamp: time(9),
  deletionGracePeriodSeconds: int(10, KEEP),
  labels: map(11),
  annotations: map(12),
  ownerReferences: list(13, OWNER_REFERENCE),
  finalizers: strings(14),
  managedFields: list(17, MANAGED_FIELDS_ENTRY),
});

export const LIST_META = message('ListMeta', {
  selfLink: str(1),
  resourceVersion: str(2),
  continue: str(3),
  remainingItemCount: int(4, KEEP),
});

export const LABEL_SELECTOR = message('LabelSelector', {
  matchLabels: map(1),
  matchExpressions: list(
    2,
    message('LabelSelectorRequirement', {
      key: str(1, KEEP),
      operator: str(2, KEEP),
      values: strings(3),
    }),
  ),
});

/** metav1.Condition: type, status, lastTransitionTime, reason and message have no omitempty. */
export const CONDITION = message('Condition', {
  type: str(1, KEEP),
  status: str(2, KEEP),
  observedGeneration: int(3),
  lastTransitionTime: time(4),
  reason: str(5, KEEP),
  message: str(6, KEEP),
});

export const STATUS = message('Status', {
  metadata: obj(1, LIST_META),
  status: str(2),
  message: str(3),
  reason: str(4),
  details: obj(
    5,
    message('StatusDetails', {
      name: str(1),
      group: str(2),
      kind: str(3),
      causes: list(4, message('StatusCause', { reason: str(1), message: str(2), field: str(3) })),
      retryAfterSeconds: int(5),
      uid: str(6),
    }),
  ),
  code: int(6),
});

/** runtime.TypeMeta inside runtime.Unknown (apiVersion first, unlike metav1.TypeMeta). */
export const TYPE_META = message('TypeMeta', { apiVersion: str(1), kind: str(2) });

/** A `…List`: metadata 1, items 2. */
export function listOf(item: MessageSchema): MessageSchema {
  return message(`${item.name}List`, { metadata: obj(1, LIST_META), items: list(2, item) });
}

/** The common top of a kind: metadata 1, then its own fields. */
export function kind(name: string, defs: Record<string, FieldDef>): MessageSchema {
  return message(name, { metadata: obj(1, OBJECT_META), ...defs });
}
