import { z } from 'zod';

/** Who upgrades the pool: kubectl drain (waits for ever), or a managed provider. */
export const UpgradeProviderSchema = z
  .enum(['kubectl', 'gke', 'eks', 'aks'])
  .meta({ id: 'UpgradeProvider' });

export const UndrainableNodeBehaviorSchema = z
  .enum(['Schedule', 'Cordon'])
  .meta({ id: 'UndrainableNodeBehavior' });

/** The request's fields that choose the provider and set its options. */
export const UpgradeProviderRequestFields = {
  /**
   * Who upgrades the pool (default kubectl). The answer's `profile.guess` names the provider the
   * pool's node labels point to (`cloud.google.com/gke-nodepool`, `eks.amazonaws.com/nodegroup`,
   * `kubernetes.azure.com/agentpool`, `agentpool`).
   */
  provider: UpgradeProviderSchema.optional(),
  /** A managed provider's drain timeout per node (AKS's drainTimeoutInMinutes; GKE 1 h, EKS 15 min). */
  drainTimeoutSeconds: z.number().int().min(1).max(604_800).optional(),
  /** EKS: update with force (pods that do not leave in 15 minutes are deleted). */
  forceUpdate: z.boolean().optional(),
  /** AKS: Schedule (default: the upgrade fails) or Cordon (the node is quarantined). */
  undrainableNodeBehavior: UndrainableNodeBehaviorSchema.optional(),
};

/** The profile the forecast ran with, and the provider the node labels name. */
export const UpgradeProfileSchema = z
  .object({
    provider: UpgradeProviderSchema,
    /** `request`: named by the request; `default`: kubectl, as none was named. */
    source: z.enum(['request', 'guessed', 'default']),
    /** The pool's provider by its node labels, whatever the request named (null: no such label). */
    guess: z
      .object({
        provider: UpgradeProviderSchema,
        label: z.string(),
        value: z.string(),
        node: z.string(),
      })
      .nullable(),
    /** In the provider's terms (EKS: nodes launched, up to two per zone). */
    maxSurge: z.number().int(),
    /** In the provider's terms (kubectl: nodes drained at a time). */
    maxUnavailable: z.number().int(),
    /** The settings that came from the provider's documented defaults. */
    defaulted: z.array(z.enum(['maxSurge', 'maxUnavailable', 'drainTimeoutSeconds'])),
    /** Null for kubectl, which waits for ever. */
    drainTimeoutSeconds: z.number().int().nullable(),
    /** What the provider does at the timeout. */
    atTimeout: z.enum(['wait', 'delete-pods', 'fail', 'quarantine']),
    forceUpdate: z.boolean().nullable(),
    undrainableNodeBehavior: UndrainableNodeBehaviorSchema.nullable(),
  })
  .meta({ id: 'UpgradeProfile' });
export type UpgradeProfileBody = z.infer<typeof UpgradeProfileSchema>;
