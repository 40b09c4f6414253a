import { asObject, asString, type Json } from '../model/convert-helpers.js';
import { podFromObject } from '../model/convert.js';
import type { PodView } from '../model/pod.js';

/** Where a workload kind keeps its pod template. */
function templateOf(kind: string, obj: Json): Json | undefined {
  const spec = asObject(obj['spec']);
  if (kind === 'CronJob')
    return asObject(asObject(asObject(spec?.['jobTemplate'])?.['spec'])?.['template']);
  return asObject(spec?.['template']);
}

/**
 * The pod a workload's `spec.template` makes, named after the workload, with no owner, node or
 * status yet (a what-if names, owns, binds and starts it). Undefined when the object has no
 * template or it does not read as a pod.
 */
export function podFromTemplate(kind: string, obj: Json): PodView | undefined {
  const template = templateOf(kind, obj);
  const meta = asObject(obj['metadata']);
  const name = asString(meta?.['name']);
  if (!template || !name) return undefined;
  const templateMeta = asObject(template['metadata']) ?? {};
  const pod = podFromObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { ...templateMeta, name, namespace: asString(meta?.['namespace']) ?? '' },
    spec: asObject(template['spec']) ?? {},
  });
  return pod.ok ? pod.value : undefined;
}
