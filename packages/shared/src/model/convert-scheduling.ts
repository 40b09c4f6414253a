import { cpuMilli, wholeUnits } from '../scheduling/quantity.js';
import {
  asArray,
  asNumber,
  asObject,
  asString,
  asStringMap,
  type Json,
} from './convert-helpers.js';
import type {
  NodeSelectorRequirement,
  NodeSelectorTerm,
  PodScheduling,
  ResourceAmounts,
  Toleration,
} from './scheduling.js';

function requestsOf(container: unknown): ResourceAmounts {
  const requests = asObject(asObject(asObject(container)?.['resources'])?.['requests']);
  return {
    cpuMilli: cpuMilli(requests?.['cpu']) ?? 0,
    memoryBytes: wholeUnits(requests?.['memory']) ?? 0,
  };
}

/** The scheduler's pod request: containers summed, the largest init container if more, overhead added. */
function podRequests(spec: Json): ResourceAmounts | undefined {
  let cpu = 0;
  let memory = 0;
  for (const c of asArray(spec['containers'])) {
    const r = requestsOf(c);
    cpu += r.cpuMilli;
    memory += r.memoryBytes;
  }
  for (const c of asArray(spec['initContainers'])) {
    const r = requestsOf(c);
    cpu = Math.max(cpu, r.cpuMilli);
    memory = Math.max(memory, r.memoryBytes);
  }
  const overhead = asObject(spec['overhead']);
  cpu += cpuMilli(overhead?.['cpu']) ?? 0;
  memory += wholeUnits(overhead?.['memory']) ?? 0;
  return cpu === 0 && memory === 0 ? undefined : { cpuMilli: cpu, memoryBytes: memory };
}

function tolerationOf(raw: unknown): Toleration {
  const t = asObject(raw) ?? {};
  const out: Toleration = {};
  const key = asString(t['key']);
  const operator = asString(t['operator']);
  const value = asString(t['value']);
  const effect = asString(t['effect']);
  if (key) out.key = key;
  if (operator) out.operator = operator;
  if (value) out.value = value;
  if (effect) out.effect = effect;
  return out;
}

function requirementsOf(value: unknown): NodeSelectorRequirement[] {
  return asArray(value).map((raw) => {
    const r = asObject(raw) ?? {};
    const values = asArray(r['values']).filter((v): v is string => typeof v === 'string');
    return {
      key: asString(r['key']) ?? '',
      operator: asString(r['operator']) ?? '',
      ...(r['values'] !== undefined ? { values } : {}),
    };
  });
}

function requiredTerms(spec: Json): NodeSelectorTerm[] | undefined {
  const required = asObject(
    asObject(asObject(spec['affinity'])?.['nodeAffinity'])?.[
      'requiredDuringSchedulingIgnoredDuringExecution'
    ],
  );
  if (!required) return undefined;
  return asArray(required['nodeSelectorTerms']).map((raw) => {
    const t = asObject(raw) ?? {};
    const term: NodeSelectorTerm = {};
    if (t['matchExpressions'] !== undefined)
      term.matchExpressions = requirementsOf(t['matchExpressions']);
    if (t['matchFields'] !== undefined) term.matchFields = requirementsOf(t['matchFields']);
    return term;
  });
}

/** What the scheduler reads of a pod spec; undefined when it asks for nothing at all. */
export function readPodScheduling(spec: Json): PodScheduling | undefined {
  const out: PodScheduling = {};
  const requests = podRequests(spec);
  if (requests) out.requests = requests;
  const nodeSelector = asStringMap(spec['nodeSelector']);
  if (Object.keys(nodeSelector).length > 0) out.nodeSelector = nodeSelector;
  const tolerations = asArray(spec['tolerations']).map(tolerationOf);
  if (tolerations.length > 0) out.tolerations = tolerations;
  const terms = requiredTerms(spec);
  if (terms) out.requiredNodeAffinity = terms;
  const priority = asNumber(spec['priority']);
  if (priority !== undefined) out.priority = priority;
  const priorityClassName = asString(spec['priorityClassName']);
  if (priorityClassName) out.priorityClassName = priorityClassName;
  if (spec['preemptionPolicy'] === 'Never') out.preemptionPolicy = 'Never';
  return Object.keys(out).length === 0 ? undefined : out;
}

/**
 * The volumes the Cluster Autoscaler calls local storage: hostPath, or an emptyDir whose medium is
 * not `Memory`; undefined when there are none.
 */
export function localStorageVolumes(spec: Json): readonly string[] | undefined {
  const names: string[] = [];
  for (const raw of asArray(spec['volumes'])) {
    const v = asObject(raw);
    if (!v) continue;
    const emptyDir = v['emptyDir'];
    const onDisk =
      v['hostPath'] !== undefined ||
      (emptyDir !== undefined && asObject(emptyDir)?.['medium'] !== 'Memory');
    if (onDisk) names.push(asString(v['name']) ?? '');
  }
  return names.length === 0 ? undefined : names;
}

/** `spec.volumes[]` holds an emptyDir (kubectl drain calls it local storage). */
export function hasEmptyDir(spec: Json): boolean {
  return asArray(spec['volumes']).some((v) => asObject(v)?.['emptyDir'] !== undefined);
}
