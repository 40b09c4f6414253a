import type { PdbApiVersion, PdbStatus, PdbView } from '../model/budget.js';
import { validateLabelSelector } from '../selectors/validate.js';
import type { FieldError } from './field-error.js';
import { validateIntOrPercent } from './int-or-percent.js';

export const UNHEALTHY_POD_EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'] as const;

/**
 * `ValidatePodDisruptionBudgetSpec` (pkg/apis/policy/validation): the errors a create or update of
 * this spec gets (422 Invalid), in the API server's order, field paths and details. Neither
 * minAvailable nor maxUnavailable, and a nil selector, are valid.
 */
export function validatePdb(
  pdb: Pick<PdbView, 'spec'>,
  _options: { apiVersion?: PdbApiVersion } = {},
): FieldError[] {
  const spec = pdb.spec;
  const errs: FieldError[] = [];
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined) {
    errs.push({
      field: 'spec',
      type: 'FieldValueInvalid',
      value: spec,
      detail: 'minAvailable and maxUnavailable cannot be both set',
    });
  }
  if (spec.minAvailable !== undefined)
    errs.push(...validateIntOrPercent(spec.minAvailable, 'spec.minAvailable'));
  if (spec.maxUnavailable !== undefined)
    errs.push(...validateIntOrPercent(spec.maxUnavailable, 'spec.maxUnavailable'));
  errs.push(...validateLabelSelector(spec.selector, 'spec.selector'));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (
    policy !== undefined &&
    !(UNHEALTHY_POD_EVICTION_POLICIES as readonly string[]).includes(policy)
  ) {
    errs.push({
      field: 'spec.unhealthyPodEvictionPolicy',
      type: 'FieldValueNotSupported',
      value: policy,
      detail: `supported values: ${UNHEALTHY_POD_EVICTION_POLICIES.map((p) => `"${p}"`).join(', ')}`,
    });
  }
  return errs;
}

/**
 * `ValidatePodDisruptionBudgetStatusUpdate`: conditions unique by type with a valid status, and for
 * policy/v1 (not v1beta1) non-negative counters.
 */
export function validatePdbStatus(
  status: PdbStatus,
  { apiVersion = 'policy/v1' }: { apiVersion?: PdbApiVersion } = {},
): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  status.conditions.forEach((c, i) => {
    const at = `status.conditions[${i}]`;
    if (seen.has(c.type))
      errs.push({ field: `${at}.type`, type: 'FieldValueDuplicate', value: c.type, detail: '' });
    seen.add(c.type);
    if (!['True', 'False', 'Unknown'].includes(c.status)) {
      errs.push({
        field: `${at}.status`,
        type: 'FieldValueNotSupported',
        value: c.status,
        detail: 'supported values: "False", "True", "Unknown"',
      });
    }
  });
  if (apiVersion === 'policy/v1') {
    for (const key of [
      'disruptionsAllowed',
      'currentHealthy',
      'desiredHealthy',
      'expectedPods',
    ] as const) {
      if (status[key] < 0)
        errs.push({
          field: `status.${key}`,
          type: 'FieldValueInvalid',
          value: status[key],
          detail: 'must be greater than or equal to 0',
        });
    }
  }
  return errs;
}
