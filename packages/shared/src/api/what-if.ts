import { z } from 'zod';
import { FindingSchema, OverlapGroupSchema } from './analysis.js';
import { BudgetRefSchema, IntOrStringSchema, ObjectRefSchema, PodKeySchema } from './common.js';
import { DrainableNowSchema } from './pods.js';
import { SimulateUpgradeRequestSchema, UpgradeForecastSchema } from './upgrade.js';

/** `KIND/NS/NAME` as kubectl takes it (`pdb/shop/web`, `deploy/shop/web`; a node: `node/NAME`). */
const objectText = z.string().min(3).max(600);

/** POST /api/what-if: changes applied to a copy-on-write view of the live cluster; nothing is written. */
export const WhatIfRequestSchema = z
  .object({
    /**
     * `kubectl apply -f` of each text: multi-document YAML, a List, JSON. `name` names it in
     * errors (`name: document 2 (line 14)`; default `manifests N`).
     */
    apply: z
      .array(
        z.object({ name: z.string().min(1).max(253).optional(), text: z.string().max(60_000) }),
      )
      .max(20)
      .optional(),
    /**
     * A budget's `spec`, replaced by this YAML (the "What if…" editor of a budget): the budget as
     * the cluster has it, with this spec, applied.
     */
    budgetSpecs: z
      .array(z.object({ budget: BudgetRefSchema, spec: z.string().min(1).max(20_000) }))
      .max(50)
      .optional(),
    /** `kubectl delete` each `KIND/NS/NAME`. */
    delete: z.array(objectText).max(50).optional(),
    /** `kubectl scale` each `KIND/NS/NAME=REPLICAS`. */
    scale: z.array(objectText).max(50).optional(),
    /** Where manifests' objects without a namespace go (default `default`). */
    namespace: z.string().min(1).max(63).optional(),
    /**
     * Also forecast this pool's rolling upgrade before and after (POST /api/simulate/upgrade's
     * request; its `changes` are this request's, so it takes none of its own).
     */
    upgrade: SimulateUpgradeRequestSchema.optional(),
  })
  .strict()
  .refine((r) => r.upgrade?.changes === undefined, {
    message: "the what-if's changes are its own: give upgrade no changes",
    path: ['upgrade', 'changes'],
  })
  .meta({ id: 'WhatIfRequest' });
export type WhatIfRequest = z.infer<typeof WhatIfRequestSchema>;

/** A budget's figures, once its controller has synced (`kubectl get pdb` and a little more). */
export const WhatIfFiguresSchema = z
  .object({
    minAvailable: IntOrStringSchema.nullable(),
    maxUnavailable: IntOrStringSchema.nullable(),
    /** Pods it selects (a PUB: those it protects). */
    selected: z.number().int(),
    expected: z.number().int(),
    desiredHealthy: z.number().int(),
    currentHealthy: z.number().int(),
    /** Disruptions (a PUB: unavailable pods) it allows. */
    allowed: z.number().int(),
  })
  .meta({ id: 'WhatIfFigures' });
export type WhatIfFigures = z.infer<typeof WhatIfFiguresSchema>;

const PodWithBudgetsSchema = z.object({
  pod: PodKeySchema,
  budgets: z.array(BudgetRefSchema),
  /** Two or more PodDisruptionBudgets: its eviction fails (500). */
  evictionFails: z.boolean(),
});

export const WhatIfResponseSchema = z
  .object({
    /** What the changes did to each object, the controllers' work included. */
    effects: z.array(
      z.object({
        action: z.enum(['created', 'replaced', 'deleted']),
        object: ObjectRefSchema,
        cause: z.string(),
      }),
    ),
    /** Seconds until every pod the changes create is Ready; the answer is the cluster after that. */
    settleSeconds: z.number(),
    /** Pods the changes create that no node can take (Pending). */
    unschedulable: z.array(ObjectRefSchema),
    notes: z.array(z.string()),
    /** Manifests' objects put in `namespace` for want of one of their own. */
    placedInNamespace: z.object({ namespace: z.string(), count: z.number().int() }).nullable(),
    /** Kinds in the manifests that are not modelled (Services, ConfigMaps), counted. */
    ignored: z.record(z.string(), z.number().int()),
    /** Every budget whose figures change; `before` null: created, `after` null: deleted. */
    budgets: z.array(
      z.object({
        budget: BudgetRefSchema,
        before: WhatIfFiguresSchema.nullable(),
        after: WhatIfFiguresSchema.nullable(),
        /** While the pods the changes create start, when it differs from `after`. */
        meanwhile: WhatIfFiguresSchema.nullable(),
        /** Created or its spec changed: evictions of its pods are refused until its controller syncs it. */
        syncPending: z.boolean(),
      }),
    ),
    /** Pods that stay and join or leave budgets. */
    pods: z.array(
      z.object({
        pod: PodKeySchema,
        gained: z.array(BudgetRefSchema),
        lost: z.array(BudgetRefSchema),
      }),
    ),
    newlyShared: z.array(PodWithBudgetsSchema),
    noLongerShared: z.array(PodWithBudgetsSchema),
    overlapGroups: z.object({
      added: z.array(OverlapGroupSchema),
      removed: z.array(OverlapGroupSchema),
    }),
    findings: z.object({ added: z.array(FindingSchema), removed: z.array(FindingSchema) }),
    /** Nodes whose drainable-now answer changes. */
    nodes: z.array(
      z.object({ node: z.string(), before: DrainableNowSchema, after: DrainableNowSchema }),
    ),
    /** With `upgrade`: the pool's forecast on the cluster as it is, and with the changes. */
    forecast: z.object({ before: UpgradeForecastSchema, after: UpgradeForecastSchema }).nullable(),
    /** Each thing that gets worse, in words (a node turns undrainable, a budget starts blocking…). */
    worse: z.array(z.string()),
  })
  .meta({ id: 'WhatIfResponse' });
export type WhatIfResponse = z.infer<typeof WhatIfResponseSchema>;
