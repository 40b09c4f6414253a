import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

/** Everything the BFF reads from the environment. This module is its only reader. */
export const EnvSchema = z.object({
  PORT: port.optional(),
  HOST: z.string().min(1).optional(),
  KUBECONFIG: z.string().min(1).optional(),
  HOME: z.string().optional(),
  /** Bearer token the API requires (in-cluster use); unset = no token. */
  PDBSCOPE_TOKEN: z.string().min(16, 'PDBSCOPE_TOKEN must be at least 16 characters').optional(),
  /** Extra Host names accepted, comma-separated (e.g. the Service's name behind a port-forward or ingress). */
  PDBSCOPE_ALLOWED_HOSTS: z.string().optional(),
  /** How long a source may be away from live before /readyz says stale (e.g. 5m); --stale-after wins. */
  PDBSCOPE_STALE_AFTER: z.string().min(1).optional(),
  /** How long the event loop may stall before /livez says wedged (e.g. 30s); --wedged-after wins. */
  PDBSCOPE_WEDGED_AFTER: z.string().min(1).optional(),
  /**
   * How far the heap may grow past what is live between collections once ready, in percent
   * (heap-settle.ts); 0 leaves V8's own heuristics.
   */
  /** --fleet-prometheus: the Prometheus scraping every cluster's pdbscope (the flag wins). */
  PDBSCOPE_FLEET_PROMETHEUS: z.string().min(1).optional(),
  /** --fleet-label: the label naming each cluster there (the flag wins). */
  PDBSCOPE_FLEET_LABEL: z.string().min(1).optional(),
  /** --fleet-links: the file mapping each cluster to its pdbscope's URL (the flag wins). */
  PDBSCOPE_FLEET_LINKS: z.string().min(1).optional(),
  /** --public-url: this pdbscope's address for people, on pdbscope_info (the flag wins). */
  PDBSCOPE_PUBLIC_URL: z.string().min(1).optional(),
  PDBSCOPE_HEAP_GROWTH: z.coerce.number().int().min(0).max(1000).default(25),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set by the kubelet in a pod: the in-cluster config is available. */
  KUBERNETES_SERVICE_HOST: z.string().optional(),
  KUBERNETES_SERVICE_PORT: z.string().optional(),
});
export type Env = z.infer<typeof EnvSchema>;

/** Reads and validates the environment; throws a readable error listing every bad variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new Error(`invalid environment:\n${lines.join('\n')}`);
}
