import { pdbSelector } from '../budgets/select.js';
import type { PdbView } from '../model/budget.js';
import { nsName } from '../model/refs.js';

/**
 * The first PDB (in list order) whose selector does not convert, with the conversion error: both
 * autoscalers convert every PDB's selector when they list them (CA's `SetPdbs`, Karpenter's
 * `NewLimits`) and stop there.
 */
export function firstUnconvertiblePdb(
  pdbs: readonly PdbView[],
): { index: number; error: string } | undefined {
  for (let i = 0; i < pdbs.length; i++) {
    const pdb = pdbs[i] as PdbView;
    const parsed = pdbSelector(pdb);
    if (!parsed.ok)
      return { index: i, error: `PodDisruptionBudget ${nsName(pdb)}: ${parsed.error}` };
  }
  return undefined;
}
