import type { Labels, Requirement, Selector } from '@pdbscope/shared';
import { labelValueErrors, qualifiedNameErrors, selectorMatches } from '@pdbscope/shared';
import type { KubeObject } from './types.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function checkKey(key: string): string | undefined {
  const errs = qualifiedNameErrors(key);
  return errs.length > 0
    ? `unable to parse requirement: key: Invalid value: ${JSON.stringify(key)}: ${errs.join('; ')}`
    : undefined;
}

function checkValues(values: readonly string[]): string | undefined {
  for (const v of values) {
    const errs = labelValueErrors(v);
    if (errs.length > 0)
      return `unable to parse requirement: values[0]: Invalid value: ${JSON.stringify(v)}: ${errs.join('; ')}`;
  }
  return undefined;
}

const SET_RE = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/;
const EQ_RE = /^([^=!\s]+)\s*(==|=|!=)\s*(.*)$/;

function parseRequirement(text: string): Requirement | string {
  let key: string;
  let operator: Requirement['operator'];
  let values: string[];
  const set = SET_RE.exec(text);
  const eq = set === null ? EQ_RE.exec(text) : null;
  if (set !== null) {
    key = set[1] ?? '';
    operator = set[2] === 'in' ? 'In' : 'NotIn';
    values = (set[3] ?? '').split(',').map((v) => v.trim());
    if (values.length === 1 && values[0] === '') values = [];
    if (values.length === 0)
      return `unable to parse requirement: for 'in', 'notin' operators, values set can't be empty`;
  } else if (eq !== null) {
    key = eq[1] ?? '';
    operator = eq[2] === '!=' ? 'NotIn' : 'In';
    values = [(eq[3] ?? '').trim()];
  } else if (text.startsWith('!')) {
    key = text.slice(1).trim();
    operator = 'DoesNotExist';
    values = [];
  } else if (/^\S+$/.test(text)) {
    key = text;
    operator = 'Exists';
    values = [];
  } else {
    return `unable to parse requirement: found '${text}', expected: in, notin, =, ==, !=, gt, lt`;
  }
  const err = checkKey(key) ?? checkValues(values);
  if (err !== undefined) return err;
  return { key, operator, values: [...new Set(values)].sort() };
}

/** Parses the `labelSelector` query parameter (`app=web,tier in (a,b),!canary`). */
export function parseLabelSelectorQuery(text: string): Parsed<Selector> {
  const parts = splitTopLevel(text);
  if (parts.length === 0) return { ok: true, value: { kind: 'everything' } };
  const requirements: Requirement[] = [];
  for (const p of parts) {
    const r = parseRequirement(p);
    if (typeof r === 'string') return { ok: false, error: r };
    requirements.push(r);
  }
  return { ok: true, value: { kind: 'requirements', requirements } };
}

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
export function parseFieldSelectorQuery(resource: string, text: string): Parsed<FieldSelector> {
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
