import { z } from 'zod';
import { BudgetRefSchema } from './common.js';

/** A PDB's status numbers (reported by the cluster, or recomputed by our engine). */
export const PdbStatusNumbersSchema = z
  .object({
    kind: z.literal('PodDisruptionBudget'),
    observedGeneration: z.number().int(),
    expectedPods: z.number().int(),
    desiredHealthy: z.number().int(),
    currentHealthy: z.number().int(),
    disruptionsAllowed: z.number().int(),
    /** pod name → time its eviction was admitted. */
    disruptedPods: z.record(z.string(), z.string()),
  })
  .meta({ id: 'PdbStatusNumbers' });

/** A PUB's status numbers (reported by the cluster, or recomputed by our engine). */
export const PubStatusNumbersSchema = z
  .object({
    kind: z.literal('PodUnavailableBudget'),
    observedGeneration: z.number().int(),
    totalReplicas: z.number().int(),
    desiredAvailable: z.number().int(),
    currentAvailable: z.number().int(),
    unavailableAllowed: z.number().int(),
    disruptedPods: z.record(z.string(), z.string()),
    unavailablePods: z.record(z.string(), z.string()),
  })
  .meta({ id: 'PubStatusNumbers' });

export const BudgetStatusNumbersSchema = z
  .discriminatedUnion('kind', [PdbStatusNumbersSchema, PubStatusNumbersSchema])
  .meta({ id: 'BudgetStatusNumbers' });
export type BudgetStatusNumbers = z.infer<typeof BudgetStatusNumbersSchema>;

/** A budget's stored status after a simulated step (as the eviction handler would have written it). */
export const BudgetStatusAfterSchema = z
  .object({ ref: BudgetRefSchema, status: BudgetStatusNumbersSchema })
  .meta({ id: 'BudgetStatusAfter' });
export type BudgetStatusAfter = z.infer<typeof BudgetStatusAfterSchema>;
