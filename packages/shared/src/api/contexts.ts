import { z } from 'zod';

/** One context of the kubeconfig the BFF was started from. */
export const KubeContextSchema = z
  .object({
    name: z.string(),
    /** The kubeconfig's name for the cluster. */
    cluster: z.string(),
    /** The API server's URL (never credentials). */
    server: z.string(),
    /** The context's default namespace, when it sets one. */
    namespace: z.string().optional(),
  })
  .meta({ id: 'KubeContext' });
export type KubeContext = z.infer<typeof KubeContextSchema>;

/**
 * GET /api/contexts: the kubeconfig's contexts and the one the BFF watches. `switchable` is
 * false (with `reason`) when the BFF does not run from a kubeconfig: the simulated demo cluster,
 * a snapshot, a pod's in-cluster config.
 */
export const ContextsResponseSchema = z
  .object({
    current: z.string(),
    switchable: z.boolean(),
    reason: z.string().optional(),
    contexts: z.array(KubeContextSchema),
  })
  .meta({ id: 'ContextsResponse' });
export type ContextsResponse = z.infer<typeof ContextsResponseSchema>;

/** POST /api/contexts/switch */
export const SwitchContextRequestSchema = z
  .object({ context: z.string().min(1, 'the context is empty').max(253) })
  .meta({ id: 'SwitchContextRequest' });
export type SwitchContextRequest = z.infer<typeof SwitchContextRequestSchema>;
