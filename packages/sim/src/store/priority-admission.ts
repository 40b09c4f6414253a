import type { StoreError } from './errors.js';
import { forbidden } from './errors.js';
import type { KubeObject } from './types.js';

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The Priority admission plugin on a pod's create (plugin/pkg/admission/priority): the class the
 * pod names, else the `globalDefault` one, writes its value into `spec.priority` and, unless the
 * pod sets one, its `preemptionPolicy`; a class that does not exist refuses the pod with a 403.
 * With neither (no class named, no default) `spec.priority` stays unset here, where the API
 * server writes 0: readers take the two alike.
 */
export function admitPriority(
  pod: KubeObject,
  classes: readonly KubeObject[],
): StoreError | undefined {
  // A copy: the pod's spec may be its controller's template.
  const spec = { ...record(pod['spec']) };
  const named = typeof spec['priorityClassName'] === 'string' ? spec['priorityClassName'] : '';
  const chosen =
    named === ''
      ? classes.find((c) => c['globalDefault'] === true)
      : classes.find((c) => c.metadata.name === named);
  if (chosen === undefined) {
    if (named === '') return undefined;
    return forbidden(
      `pods "${pod.metadata.name ?? ''}" is forbidden: no PriorityClass with name ${named} was found`,
    );
  }
  const value = chosen['value'];
  if (typeof spec['priority'] === 'number' && spec['priority'] !== value)
    return forbidden(
      `pods "${pod.metadata.name ?? ''}" is forbidden: the integer value of priority (${String(spec['priority'])}) must not be provided in pod spec; priority admission controller computed ${String(value)} from the given PriorityClass name`,
    );
  spec['priority'] = value;
  if (named === '') spec['priorityClassName'] = chosen.metadata.name;
  if (spec['preemptionPolicy'] === undefined)
    spec['preemptionPolicy'] = chosen['preemptionPolicy'] ?? 'PreemptLowerPriority';
  pod['spec'] = spec;
  return undefined;
}
