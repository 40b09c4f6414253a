import { existsSync } from 'node:fs';
import path from 'node:path';
import { kubeconfigFiles, resolveKubeConfig, type ResolvedKubeConfig } from '@pdbscope/bff/list';
import type { Result } from '@pdbscope/shared';
import type { ClusterSource } from '@pdbscope/shared/cli';

/** The environment variables kubectl finds its kubeconfig with. */
export interface KubeEnv {
  KUBECONFIG?: string | undefined;
  HOME?: string | undefined;
  KUBERNETES_SERVICE_HOST?: string | undefined;
}

/**
 * The cluster `--kubeconfig`/`--context` name, found as the BFF finds its own (`KUBECONFIG`, else
 * `~/.kube/config`, else in a pod its service account); an error is one sentence.
 */
export function clusterConfig(source: ClusterSource, env: KubeEnv): Result<ResolvedKubeConfig> {
  const { kubeconfig, context } = source;
  if (kubeconfig !== undefined && !existsSync(kubeconfig))
    return { ok: false, error: `cannot read ${kubeconfig}: no such file` };
  const files = kubeconfig !== undefined ? [kubeconfig] : kubeconfigFiles(env);
  try {
    const resolved = resolveKubeConfig({
      env: { ...env, KUBECONFIG: files.join(path.delimiter) },
      ...(context !== undefined ? { context } : {}),
    });
    if (resolved !== undefined) return { ok: true, value: resolved };
    return { ok: false, error: 'no kubeconfig: give --kubeconfig FILE or set KUBECONFIG' };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
