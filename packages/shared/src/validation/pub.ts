import { parseGroupVersion } from '../budgets/group-version.js';
import type { PubView } from '../model/budget.js';
import {
  PUB_PROTECT_OPERATIONS_ANNOTATION,
  PUB_PROTECT_TOTAL_REPLICAS_ANNOTATION,
} from '../model/convert.js';
import { parseSelector } from '../selectors/selector.js';
import { isSelectorLooseOverlap } from '../overlaps/loose.js';
import { validateLabelSelector } from '../selectors/validate.js';
import { fieldErrorText, type FieldError } from './field-error.js';
import { validateIntOrPercent } from './int-or-percent.js';

export const PUB_OPERATIONS = ['DELETE', 'UPDATE', 'EVICT', 'RESIZE'] as const;
// The webhook names these pairs as one (odd) field path.
const BOTH_SELECTORS = 'spec.selector, targetRef';
const BOTH_LIMITS = 'spec.maxUnavailable, minAvailable';

const isEmptySelector = (s: NonNullable<PubView['spec']['selector']>): boolean =>
  Object.keys(s.matchLabels ?? {}).length + (s.matchExpressions ?? []).length === 0;

/** `validatePodUnavailableBudgetSpec` (OpenKruise HEAD, v1beta1 wording). */
export function validatePubSpec(pub: PubView): FieldError[] {
  const spec = pub.spec;
  const errs: FieldError[] = [];
  const selector = spec.selector ?? null;
  const target = spec.targetRef;
  if (selector === null && !target) {
    errs.push({
      field: BOTH_SELECTORS,
      type: 'FieldValueRequired',
      detail: 'no selector or targetRef defined in PodUnavailableBudget',
    });
  } else if (selector !== null && target) {
    errs.push({
      field: BOTH_SELECTORS,
      type: 'FieldValueRequired',
      detail: 'selector and targetRef are mutually exclusive',
    });
  } else if (target) {
    if (target.apiVersion === '' || target.kind === '' || target.name === '') {
      errs.push({
        field: 'spec.targetRef',
        type: 'FieldValueInvalid',
        value: target,
        detail: 'empty targetRef is not valid for PodUnavailableBudget',
      });
    }
    const gv = parseGroupVersion(target.apiVersion);
    if (!gv.ok)
      errs.push({
        field: 'spec.targetRef',
        type: 'FieldValueInvalid',
        value: target,
        detail: gv.error,
      });
  } else if (selector !== null) {
    errs.push(...validateLabelSelector(selector, 'spec.selector'));
    if (isEmptySelector(selector)) {
      errs.push({
        field: 'spec.selector',
        type: 'FieldValueInvalid',
        value: selector,
        detail: 'empty selector is not valid for PodUnavailableBudget.',
      });
    }
    if (!parseSelector(selector).ok)
      errs.push({ field: 'spec.selector', type: 'FieldValueInvalid', value: selector, detail: '' });
  }
  const { maxUnavailable, minAvailable } = spec;
  if (maxUnavailable === undefined && minAvailable === undefined) {
    errs.push({
      field: BOTH_LIMITS,
      type: 'FieldValueRequired',
      detail: 'no maxUnavailable or minAvailable defined in PodUnavailableBudget',
    });
  } else if (maxUnavailable !== undefined && minAvailable !== undefined) {
    errs.push({
      field: BOTH_LIMITS,
      type: 'FieldValueRequired',
      detail: 'maxUnavailable and minAvailable are mutually exclusive',
    });
  } else if (maxUnavailable !== undefined) {
    errs.push(...validateIntOrPercent(maxUnavailable, 'spec.maxUnavailable'));
  } else {
    errs.push(...validateIntOrPercent(minAvailable, 'spec.minAvailable'));
  }
  // v1alpha1 carries the operations as an annotation, checked on its own (validateAnnotations).
  const fromAnnotation =
    pub.annotations[PUB_PROTECT_OPERATIONS_ANNOTATION] !== undefined &&
    pub.apiVersion === 'policy.kruise.io/v1alpha1';
  (fromAnnotation ? [] : (spec.protectOperations ?? [])).forEach((op, i) => {
    if (!(PUB_OPERATIONS as readonly string[]).includes(op)) {
      errs.push({
        field: `spec.protectOperations[${i}]`,
        type: 'FieldValueNotSupported',
        value: op,
        detail: `supported values: ${PUB_OPERATIONS.map((o) => `"${o}"`).join(', ')}`,
      });
    }
  });
  if (spec.ignoredPodSelector && isEmptySelector(spec.ignoredPodSelector)) {
    errs.push({
      field: 'spec.ignoredPodSelector',
      type: 'FieldValueInvalid',
      value: spec.ignoredPodSelector,
      detail: 'empty ignoredPodSelector is not valid for PodUnavailableBudget.',
    });
  } else if (spec.ignoredPodSelector) {
    errs.push(...validateLabelSelector(spec.ignoredPodSelector, 'spec.ignoredPodSelector'));
  }
  return errs;
}

/** `field.InternalError(metadata, "annotation[<key>] is invalid")` as the webhook prints it. */
const invalidAnnotation = (key: string): string =>
  `metadata: Internal error: annotation[${key}] is invalid`;

/** The v1alpha1 annotations: protect operations (DELETE, UPDATE, EVICT) and an int32 total. */
function validateAnnotations(pub: PubView): string[] {
  const errs: string[] = [];
  const ops = pub.annotations[PUB_PROTECT_OPERATIONS_ANNOTATION];
  if (ops !== undefined && pub.apiVersion === 'policy.kruise.io/v1alpha1') {
    for (const op of ops.split(',')) {
      if (op !== 'UPDATE' && op !== 'DELETE' && op !== 'EVICT')
        errs.push(invalidAnnotation(PUB_PROTECT_OPERATIONS_ANNOTATION));
    }
  }
  const text = pub.annotations[PUB_PROTECT_TOTAL_REPLICAS_ANNOTATION];
  if (text !== undefined) {
    const n = /^[+-]?\d+$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
    const int32 = !Number.isNaN(n) && n >= -2147483648 && n <= 2147483647;
    if (
      !int32 ||
      (pub.spec.protectTotalReplicas !== undefined && pub.spec.protectTotalReplicas !== n)
    ) {
      errs.push(invalidAnnotation(PUB_PROTECT_TOTAL_REPLICAS_ANNOTATION));
    }
  }
  return errs;
}

/** `validatePubConflict`: the first other PUB of the namespace with the same target or a loosely overlapping selector. */
export function pubConflict(
  candidate: PubView,
  others: readonly PubView[],
): FieldError | undefined {
  for (const other of others) {
    if (other.namespace !== candidate.namespace || other.name === candidate.name) continue;
    const a = candidate.spec.targetRef;
    const b = other.spec.targetRef;
    if (a && b) {
      const ga = parseGroupVersion(a.apiVersion);
      const gb = parseGroupVersion(b.apiVersion);
      if (
        ga.ok &&
        gb.ok &&
        ga.value.group === gb.value.group &&
        a.kind === b.kind &&
        a.name === b.name
      ) {
        return {
          field: 'spec.targetReference',
          type: 'FieldValueInvalid',
          value: a,
          detail: `pub.spec.targetReference is in conflict with other PodUnavailableBudget ${other.name}`,
        };
      }
    } else if (candidate.spec.selector != null && other.spec.selector != null) {
      if (isSelectorLooseOverlap(candidate.spec.selector, other.spec.selector)) {
        return {
          field: 'spec.selector',
          type: 'FieldValueInvalid',
          value: candidate.spec.selector,
          detail: `pub.spec.selector is in conflict with other PodUnavailableBudget ${other.name}`,
        };
      }
    }
  }
  return undefined;
}

/**
 * OpenKruise's PUB admission validation on create (or update, with `old`): spec rules, the
 * protect-total-replicas annotation, immutability on update, and the conflict rule against the
 * other PUBs. Returns the messages (`field.Error` texts) the webhook reports; empty = valid.
 */
export function validatePub(
  candidate: PubView,
  existingPubs: readonly PubView[],
  old?: PubView,
): string[] {
  const errs = validatePubSpec(candidate);
  if (old) {
    const same =
      JSON.stringify(old.spec.selector ?? null) ===
        JSON.stringify(candidate.spec.selector ?? null) &&
      JSON.stringify(old.spec.targetRef ?? null) ===
        JSON.stringify(candidate.spec.targetRef ?? null);
    if (!same)
      errs.push({
        field: BOTH_SELECTORS,
        type: 'FieldValueRequired',
        detail: 'selector and targetRef cannot be modified',
      });
  }
  const conflict = pubConflict(candidate, existingPubs);
  if (conflict) errs.push(conflict);
  return [...validateAnnotations(candidate), ...errs.map(fieldErrorText)];
}
