import { ScenarioError } from './inputs.js';
import type { Scenario } from './scenario.js';

export function karpenterDisruptionActual(
  s: Scenario,
  _defaultNow: string,
): Record<string, unknown> {
  throw new ScenarioError(`not yet: ${s.id}`);
}
