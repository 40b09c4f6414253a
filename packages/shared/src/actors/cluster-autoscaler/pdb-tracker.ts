import { pdbSelector } from '../../budgets/select.js';
import type { PdbView } from '../../model/budget.js';
import { nsName } from '../../model/refs.js';

/** What `SetPdbs` leaves in CA's remaining-PDB tracker. */
export interface TrackedPdbs {
  /** The PDBs it keeps: those before the first whose selector does not convert. */
  pdbs: readonly PdbView[];
  /** That PDB's conversion error: CA's loop stops on it before any scale-down. */
  error?: string;
}

/**
 * `basicRemainingPdbTracker.SetPdbs`: each PDB's selector converted in list order; the first that
 * fails ends the list with an error (the PDBs before it stay tracked, as callers that ignore the
 * error see them).
 */
export function setPdbs(pdbs: readonly PdbView[]): TrackedPdbs {
  for (let i = 0; i < pdbs.length; i++) {
    const pdb = pdbs[i] as PdbView;
    const parsed = pdbSelector(pdb);
    if (!parsed.ok)
      return {
        pdbs: pdbs.slice(0, i),
        error: `PodDisruptionBudget ${nsName(pdb)}: ${parsed.error}`,
      };
  }
  return { pdbs };
}
