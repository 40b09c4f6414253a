import { z } from 'zod';
import { BudgetRefSchema, PodKeySchema } from './common.js';

/** A role group's pods and workloads (`app.kubernetes.io/role-group`; null: unlabelled). */
export const OperatorRoleGroupSchema = z
  .object({
    name: z.string().nullable(),
    workloads: z.array(
      z.object({
        kind: z.string(),
        name: z.string(),
        replicas: z.number().int().nullable(),
        readyReplicas: z.number().int().nullable(),
      }),
    ),
    pods: z.number().int(),
    readyPods: z.number().int(),
    /**
     * Its pods no budget covers (the `role-pods-uncovered` finding's, when the operator's budgets
     * cover other roles of the instance), the first 50 of `uncoveredCount`.
     */
    uncovered: z.array(PodKeySchema),
    uncoveredCount: z.number().int(),
    /** Where the operator reads the group's replicas (Stackable: `spec.<role>.roleGroups.<group>.replicas`). */
    replicasField: z.string().nullable(),
  })
  .meta({ id: 'OperatorRoleGroup' });

/** A role of an instance (`app.kubernetes.io/component`; null: unlabelled). */
export const OperatorRoleSchema = z
  .object({
    component: z.string().nullable(),
    /** Budgets over its pods: the operator's (`generated`) first, then hand-written ones. */
    budgets: z.array(z.object({ budget: BudgetRefSchema, generated: z.boolean() })),
    roleGroups: z.array(OperatorRoleGroupSchema),
    /** Where the operator configures the role's budget (Stackable: `spec.<role>.roleConfig.podDisruptionBudget`). */
    budgetField: z.string().nullable(),
  })
  .meta({ id: 'OperatorRole' });

/** An instance an operator runs: `app.kubernetes.io/name` and `instance` in a namespace. */
export const OperatorInstanceSchema = z
  .object({
    namespace: z.string(),
    app: z.string(),
    instance: z.string(),
    /** Who runs it: the operator, how it is known, its custom resource when known. */
    operator: z
      .object({
        name: z.string(),
        evidence: z.string(),
        resource: z.object({ group: z.string(), kind: z.string(), name: z.string() }).nullable(),
      })
      .nullable(),
    /** The operator's budgets over its pods (Stackable: one per role). */
    generated: z.array(BudgetRefSchema),
    roles: z.array(OperatorRoleSchema),
  })
  .meta({ id: 'OperatorInstance' });
export type OperatorInstance = z.infer<typeof OperatorInstanceSchema>;

/** GET /api/operator-instances, by namespace, app and instance. */
export const OperatorInstancesResponseSchema = z
  .object({ items: z.array(OperatorInstanceSchema), eventId: z.string() })
  .meta({ id: 'OperatorInstancesResponse' });
export type OperatorInstancesResponse = z.infer<typeof OperatorInstancesResponseSchema>;
