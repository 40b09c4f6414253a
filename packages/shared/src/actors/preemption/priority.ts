import { SYSTEM_PRIORITY_CLASSES, type PriorityClassView } from '../../model/priority-class.js';
import type { PodScheduling } from '../../model/scheduling.js';

/** The PriorityClasses a cluster has, looked up as the Priority admission plugin does. */
export interface PriorityClasses {
  byName: ReadonlyMap<string, PriorityClassView>;
  /** The `globalDefault` class; with several (a race the API allows), the lowest value. */
  globalDefault?: PriorityClassView;
}

/** The cluster's classes, with the two system classes every API server has. */
export function priorityClasses(list: readonly PriorityClassView[] = []): PriorityClasses {
  const byName = new Map<string, PriorityClassView>();
  for (const c of SYSTEM_PRIORITY_CLASSES) byName.set(c.name, c);
  let globalDefault: PriorityClassView | undefined;
  for (const c of list) {
    byName.set(c.name, c);
    if (c.globalDefault && (globalDefault === undefined || c.value < globalDefault.value))
      globalDefault = c;
  }
  return { byName, ...(globalDefault ? { globalDefault } : {}) };
}

/** The class the Priority admission plugin resolves a pod with: the one it names, else the default. */
export function classOf(
  pod: PodScheduling | undefined,
  classes: PriorityClasses,
): PriorityClassView | undefined {
  const name = pod?.priorityClassName;
  return (name !== undefined ? classes.byName.get(name) : undefined) ?? classes.globalDefault;
}

/**
 * `corev1helpers.PodPriority` over what a snapshot holds: `spec.priority` (admission wrote it),
 * else the value of the class the pod names, else of the `globalDefault` class, else 0.
 */
export function podPriority(pod: PodScheduling | undefined, classes: PriorityClasses): number {
  return pod?.priority ?? classOf(pod, classes)?.value ?? 0;
}

/** `spec.preemptionPolicy`, which admission fills from the class when the pod leaves it out. */
export function podPreemptionPolicy(
  pod: PodScheduling | undefined,
  classes: PriorityClasses,
): 'Never' | 'PreemptLowerPriority' {
  if (pod?.preemptionPolicy === 'Never') return 'Never';
  return classOf(pod, classes)?.preemptionPolicy === 'Never' ? 'Never' : 'PreemptLowerPriority';
}
