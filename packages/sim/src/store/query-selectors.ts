import type { Labels, Result, Selector } from '@pdbscope/shared';
import { selectorMatches } from '@pdbscope/shared';
import type { KubeObject } from './types.js';

export { parseLabelSelectorQuery } from '@pdbscope/shared';

export function labelsMatch(selector: Selector, labels: Labels | undefined): boolean {
  return selectorMatches(selector, labels ?? {});
}

/** One `field=value` / `field!=value` term. */
export interface FieldRequirement {
  field: string;
  equals: boolean;
  value: string;
}

type FieldReader = (obj: KubeObject) => string;

const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
const at = (obj: KubeObject, section: string, key: string): string =>
  str((obj[section] as Record<string, unknown> | undefined)?.[key]);

const COMMON_FIELDS: Record<string, FieldReader> = {
  'metadata.name': (o) => str(o.metadata.name),
  'metadata.namespace': (o) => str(o.metadata.namespace),
};

/** The field labels kube-apiserver accepts per resource (beyond metadata.name/namespace). */
const RESOURCE_FIELDS: Record<string, Record<string, FieldReader>> = {
  pods: {
    'spec.nodeName': (o) => at(o, 'spec', 'nodeName'),
    'spec.restartPolicy': (o) => at(o, 'spec', 'restartPolicy'),
    'spec.schedulerName': (o) => at(o, 'spec', 'schedulerName'),
    'spec.serviceAccountName': (o) => at(o, 'spec', 'serviceAccountName'),
    'spec.hostNetwork': (o) => at(o, 'spec', 'hostNetwork') || 'false',
    'status.phase': (o) => at(o, 'status', 'phase'),
    'status.podIP': (o) => at(o, 'status', 'podIP'),
    'status.nominatedNodeName': (o) => at(o, 'status', 'nominatedNodeName'),
  },
  nodes: { 'spec.unschedulable': (o) => at(o, 'spec', 'unschedulable') || 'false' },
  namespaces: { 'status.phase': (o) => at(o, 'status', 'phase') },
  events: {
    'involvedObject.kind': (o) => at(o, 'involvedObject', 'kind'),
    'involvedObject.namespace': (o) => at(o, 'involvedObject', 'namespace'),
    'involvedObject.name': (o) => at(o, 'involvedObject', 'name'),
    'involvedObject.uid': (o) => at(o, 'involvedObject', 'uid'),
    'involvedObject.apiVersion': (o) => at(o, 'involvedObject', 'apiVersion'),
    'involvedObject.resourceVersion': (o) => at(o, 'involvedObject', 'resourceVersion'),
    'involvedObject.fieldPath': (o) => at(o, 'involvedObject', 'fieldPath'),
    reason: (o) => str(o.reason),
    reportingComponent: (o) => str(o.reportingComponent),
    source: (o) => at(o, 'source', 'component'),
    type: (o) => str(o.type),
  },
  replicasets: { 'status.replicas': (o) => at(o, 'status', 'replicas') || '0' },
  replicationcontrollers: { 'status.replicas': (o) => at(o, 'status', 'replicas') || '0' },
};

/** A compiled field selector: a predicate, plus the names it pins (for index use). */
export interface FieldSelector {
  requirements: readonly FieldRequirement[];
  matches(obj: KubeObject): boolean;
}

/** Parses the `fieldSelector` query parameter against the fields `resource` supports. */
export function parseFieldSelectorQuery(resource: string, text: string): Result<FieldSelector> {
  const fields = { ...COMMON_FIELDS, ...(RESOURCE_FIELDS[resource] ?? {}) };
  const requirements: FieldRequirement[] = [];
  const readers: { read: FieldReader; req: FieldRequirement }[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(part);
    if (m === null)
      return { ok: false, error: `invalid selector: '${text}'; can't understand '${part}'` };
    const field = (m[1] ?? '').trim();
    const read = fields[field];
    if (read === undefined) return { ok: false, error: `field label not supported: ${field}` };
    const req = { field, equals: m[2] !== '!=', value: (m[3] ?? '').trim() };
    requirements.push(req);
    readers.push({ read, req });
  }
  return {
    ok: true,
    value: {
      requirements,
      matches: (obj) => readers.every(({ read, req }) => (read(obj) === req.value) === req.equals),
    },
  };
}
