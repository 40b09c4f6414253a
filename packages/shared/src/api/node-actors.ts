import { z } from 'zod';

/** The actors that remove pods from a node, each by its own rules. */
export const NODE_ACTORS = [
  'kubectl-drain',
  'cluster-autoscaler',
  'karpenter',
  'preemption',
] as const;
export const NodeActorSchema = z.enum(NODE_ACTORS).meta({ id: 'NodeActor' });
export type NodeActor = z.infer<typeof NodeActorSchema>;

/** The actors a budget or a rule can stop: what a node can be "blocked for". */
export const BLOCKING_ACTORS = ['kubectl-drain', 'cluster-autoscaler', 'karpenter'] as const;
export const BlockingActorSchema = z.enum(BLOCKING_ACTORS).meta({ id: 'BlockingActor' });
export type BlockingActor = z.infer<typeof BlockingActorSchema>;

/**
 * One actor's answer for a node: would it remove the node's pods now, and what stops it, in the
 * actor's own words (kubectl's error, Cluster Autoscaler's reason name, Karpenter's message).
 */
export const NodeActorAnswerSchema = z
  .object({
    actor: NodeActorSchema,
    /**
     * It would remove the pods now (for preemption: a higher priority may delete some here); null
     * when that rests on pods or budgets the BFF may not see (`notVisible` says which).
     */
    removes: z.boolean().nullable(),
    /** One sentence: what the actor does with this node now. */
    verdict: z.string(),
    /** The flags or options the answer assumes (`--ignore-daemonsets …`, CA's flags, the class). */
    settings: z.string(),
    /** The pod that stops it and the rule, when one does. */
    blocking: z
      .object({
        pod: z.string().nullable(),
        /** The actor's name for the rule: `NotSafeToEvictAnnotation`, `DisruptionBlocked`, a 429… */
        rule: z.string(),
        message: z.string(),
      })
      .nullable(),
    /** Preemption: the PriorityClasses (highest first) whose pods may delete pods here. */
    priorityClasses: z.array(z.object({ name: z.string(), value: z.number().int() })),
    /** Preemption: the budgets (`namespace/name`) its victims would take below zero. */
    violatedBudgets: z.array(z.string()),
    /** What the answer cannot see: the node may hold pods of these namespaces, or their budgets. */
    notVisible: z.array(z.string()).optional(),
  })
  .meta({ id: 'NodeActorAnswer' });
export type NodeActorAnswer = z.infer<typeof NodeActorAnswerSchema>;
