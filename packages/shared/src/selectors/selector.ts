import type { LabelSelector, Labels } from '../model/labels.js';
import type { Result } from '../result/index.js';
import { labelValueErrors, qualifiedNameErrors } from './names.js';

export type Operator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

/** One parsed requirement; matchLabels entries become `In` with a single value. */
export interface Requirement {
  key: string;
  operator: Operator;
  /** Sorted, without duplicates. */
  values: readonly string[];
  /**
   * Set for `matchLabels` entries (and `k=v` in a query): Kubernetes keeps them as the Equals
   * operator, which matches like a one-value `In` but prints as `k=v` rather than `k in (v)`.
   */
  equals?: true;
}

/**
 * A selector after `metav1.LabelSelectorAsSelector`: nothing (nil), everything (`{}`), or an AND of
 * requirements.
 */
export type Selector =
  | { kind: 'nothing' }
  | { kind: 'everything' }
  | { kind: 'requirements'; requirements: readonly Requirement[] };

const OPERATORS: readonly string[] = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

/** Go's `%#v` of a `[]string`, as field errors print a bad values list: `[]string{"a", "b"}`. */
function goStringSlice(values: readonly string[]): string {
  return `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`;
}

/** `utilerrors.NewAggregate(errs).Error()`: one message as is, several as `[a, b]` (duplicates dropped). */
function aggregate(messages: readonly string[]): string {
  const distinct = [...new Set(messages)];
  return distinct.length === 1 ? (distinct[0] ?? '') : `[${distinct.join(', ')}]`;
}

/**
 * `labels.NewRequirement` for an operator already known to be valid: every problem (key, values
 * count, each value) is collected and reported together, as Go aggregates them.
 */
function requirement(key: string, op: Operator, values: readonly string[]): Requirement | string {
  const errs = requirementErrors(key, op, values);
  if (errs.length > 0) return aggregate(errs);
  return { key, operator: op, values: [...new Set(values)].sort() };
}

/**
 * A matchLabels entry: the `=` form of a one-value `In`. Made as one literal, not spread from an
 * `In`: the spread gave each such requirement a hidden class of its own (17,650 of them, 3 MB, at
 * 10,000 budgets).
 */
function equalsRequirement(key: string, value: string): Requirement | string {
  const errs = requirementErrors(key, 'In', [value]);
  if (errs.length > 0) return aggregate(errs);
  return { key, operator: 'In', values: [value], equals: true };
}

function requirementErrors(key: string, op: Operator, values: readonly string[]): string[] {
  const errs: string[] = [];
  const keyErrs = qualifiedNameErrors(key);
  if (keyErrs.length > 0)
    errs.push(`key: Invalid value: ${JSON.stringify(key)}: ${keyErrs.join('; ')}`);
  if ((op === 'In' || op === 'NotIn') && values.length === 0) {
    errs.push(
      `values: Invalid value: ${goStringSlice(values)}: for 'in', 'notin' operators, values set can't be empty`,
    );
  }
  if ((op === 'Exists' || op === 'DoesNotExist') && values.length !== 0) {
    errs.push(
      `values: Invalid value: ${goStringSlice(values)}: values set must be empty for exists and does not exist`,
    );
  }
  for (const [i, v] of values.entries()) {
    const valueErrs = labelValueErrors(v);
    if (valueErrs.length > 0)
      errs.push(
        `values[${i}][${key}]: Invalid value: ${JSON.stringify(v)}: ${valueErrs.join('; ')}`,
      );
  }
  return errs;
}

/**
 * Answers already given, by selector object: a budget's selector is parsed by the index, by each
 * sync and by the analysis, and 10,000 budgets are re-evaluated at a time. Results are never
 * written into, so sharing them is safe; a selector object that is dropped drops its answer.
 */
const parsed = new WeakMap<LabelSelector, Result<Selector>>();

/** `metav1.LabelSelectorAsSelector`. A conversion error is returned as data, never thrown. */
export function parseSelector(selector: LabelSelector | null | undefined): Result<Selector> {
  if (selector == null) return { ok: true, value: { kind: 'nothing' } };
  const known = parsed.get(selector);
  if (known) return known;
  const result = convertSelector(selector);
  parsed.set(selector, result);
  return result;
}

function convertSelector(selector: LabelSelector): Result<Selector> {
  const labels = Object.entries(selector.matchLabels ?? {});
  const exprs = selector.matchExpressions ?? [];
  if (labels.length + exprs.length === 0) return { ok: true, value: { kind: 'everything' } };
  const requirements: Requirement[] = [];
  for (const [k, v] of labels) {
    const r = equalsRequirement(k, v);
    if (typeof r === 'string') return { ok: false, error: r };
    requirements.push(r);
  }
  for (const e of exprs) {
    // LabelSelectorAsSelector rejects an unknown operator before NewRequirement looks at the key.
    if (!OPERATORS.includes(e.operator))
      return {
        ok: false,
        error: `${JSON.stringify(e.operator)} is not a valid label selector operator`,
      };
    const r = requirement(e.key, e.operator as Operator, e.values ?? []);
    if (typeof r === 'string') return { ok: false, error: r };
    requirements.push(r);
  }
  // labels.Selector sorts requirements by key; the order matters only for printing.
  requirements.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { ok: true, value: { kind: 'requirements', requirements } };
}

/** `Requirement.Matches`. Note that `NotIn` matches a label set without the key. */
export function requirementMatches(r: Requirement, labels: Labels): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  switch (r.operator) {
    case 'In':
      return has && r.values.includes(labels[r.key] as string);
    case 'NotIn':
      return !has || !r.values.includes(labels[r.key] as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
  }
}

export function selectorMatches(selector: Selector, labels: Labels): boolean {
  switch (selector.kind) {
    case 'nothing':
      return false;
    case 'everything':
      return true;
    case 'requirements':
      return selector.requirements.every((r) => requirementMatches(r, labels));
  }
}

/** Convenience: parse and match; an unparsable selector matches nothing (as the lister treats it). */
export function labelSelectorMatches(
  selector: LabelSelector | null | undefined,
  labels: Labels,
): boolean {
  const parsed = parseSelector(selector);
  return parsed.ok && selectorMatches(parsed.value, labels);
}

/** One requirement as `labels.Selector.String()` prints it: `a=b`, `c in (d,e)`, `!f`. */
export function requirementToString(r: Requirement): string {
  switch (r.operator) {
    case 'In':
      return r.equals ? `${r.key}=${r.values[0] ?? ''}` : `${r.key} in (${r.values.join(',')})`;
    case 'NotIn':
      return `${r.key} notin (${r.values.join(',')})`;
    case 'Exists':
      return r.key;
    case 'DoesNotExist':
      return `!${r.key}`;
  }
}

/** `labels.Selector.String()`: `a=b,c in (d,e),!f`, as events and kubectl print it. */
export function selectorToString(selector: Selector): string {
  if (selector.kind !== 'requirements') return '';
  return selector.requirements.map(requirementToString).join(',');
}
