import type { Result } from '../result/index.js';
import { labelValueErrors, qualifiedNameErrors } from './names.js';
import type { Requirement, Selector } from './selector.js';

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
export function parseLabelSelectorQuery(text: string): Result<Selector> {
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
