import { z } from 'zod';
import { parseQuantity } from '../scheduling/quantity.js';
import { dns1123LabelErrors } from '../selectors/names.js';
import { AsOfFields } from './common.js';

const quantity = (example: string) =>
  z
    .string()
    .max(64)
    .refine((q) => {
      const n = parseQuantity(q);
      return n !== undefined && n >= 0;
    }, `a quantity that is not negative, such as ${example}`);

/**
 * POST /api/simulate/preemption: a pending pod of a priority (a PriorityClass of the cluster, or
 * a number) and size, as `pdbscope preempt` takes it.
 */
export const SimulatePreemptionRequestSchema = z
  .strictObject({
    priorityClassName: z.string().min(1).max(253).optional(),
    priority: z.number().int().min(-2147483648).max(2147483647).optional(),
    namespace: z
      .string()
      .superRefine((ns, ctx) => {
        for (const message of dns1123LabelErrors(ns)) ctx.addIssue({ code: 'custom', message });
      })
      .optional(),
    cpu: quantity('500m or 2').optional(),
    memory: quantity('512Mi or 2Gi').optional(),
    nodeSelector: z.record(z.string().min(1).max(317), z.string().max(63)).optional(),
    preemptionPolicy: z.enum(['Never', 'PreemptLowerPriority']).optional(),
  })
  .refine((r) => r.priorityClassName !== undefined || r.priority !== undefined, {
    message: 'give the pod a priority: priorityClassName or priority',
    path: ['priorityClassName'],
  })
  .meta({ id: 'SimulatePreemptionRequest' });
export type SimulatePreemptionRequest = z.infer<typeof SimulatePreemptionRequestSchema>;

const VictimSchema = z
  .object({
    namespace: z.string(),
    name: z.string(),
    priority: z.number().int(),
    startTime: z.string().optional(),
    /** The PodDisruptionBudget (`namespace/name`) this victim takes below zero. */
    violates: z.string().optional(),
  })
  .meta({ id: 'PreemptionVictim' });

const CandidateSchema = z
  .object({
    node: z.string(),
    victims: z.array(VictimSchema),
    numPdbViolations: z.number().int(),
    highestVictimPriority: z.number().int(),
    /** Why the chosen node beat this one: the first of the scheduler's criteria it lost on. */
    lostBecause: z.string().optional(),
  })
  .meta({ id: 'PreemptionCandidate' });

/** The scheduler's answer: the nominated node (null when it preempts nobody), victims, budgets broken. */
export const SimulatePreemptionResponseSchema = z
  .object({
    pod: z.object({
      priority: z.number().int(),
      priorityClassName: z.string().optional(),
      namespace: z.string().optional(),
      preemptionPolicy: z.enum(['Never', 'PreemptLowerPriority']),
      requests: z.object({ cpu: z.string().optional(), memory: z.string().optional() }),
      nodeSelector: z.record(z.string(), z.string()),
    }),
    nodes: z.number().int(),
    /** Nodes where it fits as they are: bound there, nobody preempted. */
    fits: z.array(z.string()),
    eligible: z.boolean(),
    chosenNode: z.string().nullable(),
    victims: z.array(VictimSchema),
    violatedPdbs: z.array(z.string()),
    /** Every candidate, best first (the chosen node first). */
    candidates: z.array(CandidateSchema),
    /** Why the other nodes are no candidates, counted as the scheduler's histogram counts them. */
    notCandidates: z.array(z.object({ reason: z.string(), nodes: z.number().int() })),
    message: z.string(),
    /** The cluster's PriorityClasses, highest first, for the form's choice. */
    priorityClasses: z.array(z.object({ name: z.string(), value: z.number().int() })),
    ...AsOfFields,
  })
  .meta({ id: 'SimulatePreemptionResponse' });
export type SimulatePreemptionResponse = z.infer<typeof SimulatePreemptionResponseSchema>;

/** GET /api/priority-classes: the cluster's PriorityClasses, highest value first. */
export const PriorityClassesResponseSchema = z
  .object({
    items: z.array(
      z.object({
        name: z.string(),
        value: z.number().int(),
        preemptionPolicy: z.string(),
        globalDefault: z.boolean(),
      }),
    ),
    eventId: z.string(),
  })
  .meta({ id: 'PriorityClassesResponse' });
export type PriorityClassesResponse = z.infer<typeof PriorityClassesResponseSchema>;
