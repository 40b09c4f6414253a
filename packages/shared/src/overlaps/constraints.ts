import type { Labels } from '../model/labels.js';
import type { Requirement, Selector } from '../selectors/selector.js';
import { selectorToString } from '../selectors/selector.js';

/**
 * Everything an AND of requirements says about one label key. `allowed` is the intersection of
 * every `In` set (undefined when no `In` mentions the key); `excluded` the union of `NotIn` sets.
 */
export interface KeyConstraint {
  readonly key: string;
  readonly mustExist: boolean;
  readonly mustNotExist: boolean;
  readonly allowed: ReadonlySet<string> | undefined;
  readonly excluded: ReadonlySet<string>;
  /** The requirements that produced this constraint, kept to explain a conflict. */
  readonly requirements: readonly Requirement[];
}

/** A selector reduced to one constraint per key; `nothing` when it can match no label set at all. */
export type ConstraintSet =
  | { kind: 'nothing'; reason: string }
  | { kind: 'constraints'; byKey: ReadonlyMap<string, KeyConstraint> };

/** What one key resolves to: absent, a concrete value, or a conflict with its explanation. */
export type KeyResolution =
  { kind: 'absent' } | { kind: 'value'; value: string } | { kind: 'conflict'; reason: string };

function requirementText(r: Requirement): string {
  return selectorToString({ kind: 'requirements', requirements: [r] });
}

function addRequirement(current: KeyConstraint | undefined, r: Requirement): KeyConstraint {
  const base: KeyConstraint = current ?? {
    key: r.key,
    mustExist: false,
    mustNotExist: false,
    allowed: undefined,
    excluded: new Set<string>(),
    requirements: [],
  };
  const requirements = [...base.requirements, r];
  switch (r.operator) {
    case 'In': {
      const allowed =
        base.allowed === undefined
          ? new Set(r.values)
          : new Set(r.values.filter((v) => base.allowed?.has(v)));
      return { ...base, mustExist: true, allowed, requirements };
    }
    case 'NotIn':
      return { ...base, excluded: new Set([...base.excluded, ...r.values]), requirements };
    case 'Exists':
      return { ...base, mustExist: true, requirements };
    case 'DoesNotExist':
      return { ...base, mustNotExist: true, requirements };
  }
}

/** Merges two constraints on the same key (from two selectors that must both match). */
export function mergeConstraints(a: KeyConstraint, b: KeyConstraint): KeyConstraint {
  let allowed = a.allowed;
  if (b.allowed !== undefined) {
    allowed =
      allowed === undefined ? b.allowed : new Set([...allowed].filter((v) => b.allowed?.has(v)));
  }
  return {
    key: a.key,
    mustExist: a.mustExist || b.mustExist,
    mustNotExist: a.mustNotExist || b.mustNotExist,
    allowed,
    excluded: b.excluded.size === 0 ? a.excluded : new Set([...a.excluded, ...b.excluded]),
    requirements: [...a.requirements, ...b.requirements],
  };
}

/** A value for an `Exists`-only key that no `NotIn` excludes; label values are finite, so one exists. */
function freshValue(excluded: ReadonlySet<string>): string {
  if (!excluded.has('x')) return 'x';
  for (let i = 1; ; i++) if (!excluded.has(`x${i}`)) return `x${i}`;
}

/**
 * Decides whether some value (or the key's absence) satisfies a constraint. A key only under
 * `NotIn` is left absent, since `NotIn` matches a label set without the key.
 */
export function resolveKey(c: KeyConstraint): KeyResolution {
  const explain = (why: string): KeyResolution => ({
    kind: 'conflict',
    reason: `key "${c.key}": ${c.requirements.map(requirementText).join(' and ')} ${why}`,
  });
  if (c.mustExist && c.mustNotExist)
    return explain('cannot both hold (the key must be present and absent)');
  if (!c.mustExist) return { kind: 'absent' };
  if (c.allowed === undefined) return { kind: 'value', value: freshValue(c.excluded) };
  const candidates = [...c.allowed].filter((v) => !c.excluded.has(v)).sort();
  const first = candidates[0];
  if (first === undefined) return explain('leave no value in common');
  return { kind: 'value', value: first };
}

/** Reduces a parsed selector to per-key constraints, detecting a selector that contradicts itself. */
export function constraintsOf(selector: Selector): ConstraintSet {
  if (selector.kind === 'nothing')
    return { kind: 'nothing', reason: 'a nil selector matches no pod' };
  const byKey = new Map<string, KeyConstraint>();
  if (selector.kind === 'requirements') {
    for (const r of selector.requirements) byKey.set(r.key, addRequirement(byKey.get(r.key), r));
  }
  for (const c of byKey.values()) {
    const res = resolveKey(c);
    if (res.kind === 'conflict') return { kind: 'nothing', reason: res.reason };
  }
  return { kind: 'constraints', byKey };
}

/**
 * Intersects two satisfiable constraint sets. Keys constrained by only one side are already known
 * to be satisfiable, so only shared keys are re-checked; the witness sets every key that must exist.
 */
export function intersectConstraints(
  a: ReadonlyMap<string, KeyConstraint>,
  b: ReadonlyMap<string, KeyConstraint>,
): { overlap: true; witness: Labels } | { overlap: false; reason: string } {
  const witness: Record<string, string> = {};
  const place = (c: KeyConstraint): string | undefined => {
    const res = resolveKey(c);
    if (res.kind === 'conflict') return res.reason;
    if (res.kind === 'value') witness[c.key] = res.value;
    return undefined;
  };
  for (const ca of a.values()) {
    const cb = b.get(ca.key);
    const conflict = place(cb ? mergeConstraints(ca, cb) : ca);
    if (conflict !== undefined) return { overlap: false, reason: conflict };
  }
  for (const cb of b.values()) {
    if (!a.has(cb.key)) place(cb);
  }
  return { overlap: true, witness };
}

/** Fast check without building a witness: do two satisfiable constraint sets conflict on a shared key? */
export function constraintsConflict(
  a: ReadonlyMap<string, KeyConstraint>,
  b: ReadonlyMap<string, KeyConstraint>,
): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const cs of small.values()) {
    const cl = large.get(cs.key);
    if (cl && resolveKey(mergeConstraints(cs, cl)).kind === 'conflict') return true;
  }
  return false;
}
