import type { LabelSelector, LabelSelectorRequirement } from '../model/labels.js';
import { parseSelector, type SelectorResult } from './selector.js';

/** Splits on commas that are not inside `( … )`, as `labels.Parse` reads a selector string. */
function terms(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((t) => t.trim()).filter((t) => t !== '');
}

const setTerm = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/;
const equalityTerm = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/;

function requirementOf(term: string): LabelSelectorRequirement | string {
  const set = setTerm.exec(term);
  if (set) {
    const values = (set[3] ?? '').split(',').map((v) => v.trim());
    return { key: set[1] ?? '', operator: set[2] === 'in' ? 'In' : 'NotIn', values };
  }
  const equality = equalityTerm.exec(term);
  if (equality) {
    const operator = equality[2] === '!=' ? 'NotIn' : 'In';
    return { key: equality[1] ?? '', operator, values: [equality[3] ?? ''] };
  }
  if (term.startsWith('!')) return { key: term.slice(1).trim(), operator: 'DoesNotExist' };
  if (/^\S+$/.test(term)) return { key: term, operator: 'Exists' };
  return `cannot read ${JSON.stringify(term)}: expected key, !key, key=value, key!=value, key in (a,b) or key notin (a,b)`;
}

/**
 * A label selector written as `kubectl -l` takes it (`app=web,tier!=db,!canary,zone in (a,b)`),
 * checked as the API server checks requirements. An empty text selects everything; a term that
 * cannot be read is an error, never a silent "match nothing".
 */
export function parseLabelQuery(text: string): SelectorResult {
  const matchExpressions: LabelSelectorRequirement[] = [];
  for (const term of terms(text)) {
    const r = requirementOf(term);
    if (typeof r === 'string') return { ok: false, error: r };
    matchExpressions.push(r);
  }
  const selector: LabelSelector = matchExpressions.length > 0 ? { matchExpressions } : {};
  return parseSelector(selector);
}
