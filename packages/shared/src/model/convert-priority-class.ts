import type { Result } from '../result/index.js';
import { asString, readMeta, asObject } from './convert-helpers.js';
import type { PriorityClassView } from './priority-class.js';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** Reads a `scheduling.k8s.io/v1` PriorityClass (v1beta1 and v1alpha1 have the same fields). */
export function priorityClassFromObject(raw: unknown): Result<PriorityClassView> {
  const obj = asObject(raw);
  const meta = obj && readMeta(obj, { keepAnnotation: () => false });
  if (!obj || !meta) return { ok: false, error: 'PriorityClass without metadata.name' };
  const value = obj['value'];
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < INT32_MIN ||
    value > INT32_MAX
  )
    return { ok: false, error: `PriorityClass ${meta.name} without a 32-bit integer value` };
  const description = asString(obj['description']);
  return {
    ok: true,
    value: {
      kind: 'PriorityClass',
      name: meta.name,
      uid: meta.uid,
      resourceVersion: meta.resourceVersion,
      value,
      globalDefault: obj['globalDefault'] === true,
      preemptionPolicy: asString(obj['preemptionPolicy']) ?? 'PreemptLowerPriority',
      ...(description ? { description } : {}),
    },
  };
}
