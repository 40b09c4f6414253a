import { caDrainabilityActual } from './ca-drainability.js';
import { controllerActual } from './controller.js';
import { evictionsActual } from './eviction.js';
import { scenarioInputs } from './inputs.js';
import { karpenterDisruptionActual } from './karpenter-disruption.js';
import { preemptionActual } from './preemption.js';
import { DEFAULT_NOW, type OracleResult, type Scenario, type ScenarioFile } from './scenario.js';
import {
  labelSelectorActual,
  pdbValidationActual,
  pubControllerActual,
  pubOverlapActual,
  pubPodOperationActual,
  pubValidationActual,
} from './simple-kinds.js';

/**
 * The label sets of a label-selector scenario exist only as `expect.cases[].labels`: they are the
 * input of that kind (their `matches` is never read).
 */
function selectorCases(s: Scenario): { labels?: unknown }[] {
  const expect = (s as { expect?: { cases?: unknown } }).expect;
  return Array.isArray(expect?.cases) ? (expect.cases as { labels?: unknown }[]) : [];
}

function actualFor(s: Scenario, defaultNow: string): Record<string, unknown> {
  // The actors' kinds write their objects in a short form of their own (the scheduler's and the
  // autoscalers' test wrappers), which scenarioInputs cannot read: their adapters convert them.
  switch (s.kind) {
    case 'preemption':
      return preemptionActual(s);
    case 'ca-drainability':
      return caDrainabilityActual(s, defaultNow);
    case 'karpenter-disruption':
      return karpenterDisruptionActual(s, defaultNow);
  }
  const inputs = scenarioInputs(s, defaultNow);
  switch (s.kind) {
    case 'pdb-controller':
      return controllerActual(inputs);
    case 'eviction':
      return evictionsActual(inputs, s.evictions ?? []);
    case 'pdb-validation':
      return pdbValidationActual(inputs);
    case 'label-selector':
      return labelSelectorActual(s, selectorCases(s));
    case 'pub-controller':
      return pubControllerActual(inputs);
    case 'pub-selector-overlap':
      return pubOverlapActual(s);
    case 'pub-validation':
      return pubValidationActual(s, inputs);
    case 'pub-pod-operation':
      return pubPodOperationActual(s, inputs);
    default:
      return { error: `unknown scenario kind ${JSON.stringify(s.kind)}` };
  }
}

/** Evaluates one scenario through the engine; anything it cannot evaluate becomes `{ error }`. */
export function runScenario(s: Scenario, defaultNow: string = DEFAULT_NOW): OracleResult {
  const id = typeof s.id === 'string' ? s.id : String(s.id);
  try {
    return { id, actual: actualFor(s, defaultNow) };
  } catch (e) {
    return { id, actual: { error: e instanceof Error ? e.message : String(e) } };
  }
}

/** `pnpm -s oracle FILE`'s document: one result per scenario, in file order. */
export function runScenarioFile(file: ScenarioFile): { results: OracleResult[] } {
  const defaultNow = file.defaultNow ?? DEFAULT_NOW;
  return { results: file.scenarios.map((s) => runScenario(s, defaultNow)) };
}
