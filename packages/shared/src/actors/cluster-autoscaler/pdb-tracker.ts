import type { PdbView } from '../../model/budget.js';
import { firstUnconvertiblePdb } from '../pdb-selectors.js';

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
  const bad = firstUnconvertiblePdb(pdbs);
  return bad === undefined ? { pdbs } : { pdbs: pdbs.slice(0, bad.index), error: bad.error };
}
