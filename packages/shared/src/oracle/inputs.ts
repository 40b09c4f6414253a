import { workloadLookupFromList, type WorkloadLookup } from '../budgets/workload-lookup.js';
import type { PdbView, PubView } from '../model/budget.js';
import {
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
} from '../model/convert.js';
import type { PodView } from '../model/pod.js';
import type { WorkloadView } from '../model/workload.js';
import type { Scenario } from './scenario.js';
import type { Result } from '../result/index.js';

/** Thrown only inside the adapter, caught per scenario and reported as `{ error }`. */
export class ScenarioError extends Error {}

function all<T>(raws: readonly unknown[] | undefined, convert: (raw: unknown) => Result<T>): T[] {
  return (raws ?? []).map((raw) => {
    const r = convert(raw);
    if (!r.ok) throw new ScenarioError(r.error);
    return r.value;
  });
}

export interface ScenarioInputs {
  pods: PodView[];
  pdbs: PdbView[];
  pubs: PubView[];
  workloads: WorkloadLookup;
  now: Date;
}

export function scenarioInputs(s: Scenario, defaultNow: string): ScenarioInputs {
  const nowText = s.now ?? defaultNow;
  const now = new Date(nowText);
  if (Number.isNaN(now.getTime())) throw new ScenarioError(`unreadable now: ${nowText}`);
  const workloads: WorkloadView[] = all(s.controllers, workloadFromObject);
  return {
    pods: all(s.pods, podFromObject),
    pdbs: all(s.pdbs, pdbFromObject),
    pubs: all(s.pubs, pubFromObject),
    workloads: workloadLookupFromList(workloads, s.apiResources ?? {}),
    now,
  };
}

export const inNamespace = <T extends { namespace: string }>(
  items: readonly T[],
  namespace: string,
): T[] => items.filter((i) => i.namespace === namespace);
