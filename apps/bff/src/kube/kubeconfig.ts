import { existsSync } from 'node:fs';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';

export interface ResolvedKubeConfig {
  kc: KubeConfig;
  source: 'kubeconfig' | 'in-cluster';
  context: string;
  /** The server URL, for display (never credentials). */
  server: string;
}

/** Candidate kubeconfig files: $KUBECONFIG (a path list) or ~/.kube/config. */
export function kubeconfigFiles(env: {
  KUBECONFIG?: string | undefined;
  HOME?: string | undefined;
}): string[] {
  if (env.KUBECONFIG) return env.KUBECONFIG.split(path.delimiter).filter((p) => p !== '');
  return env.HOME ? [path.join(env.HOME, '.kube', 'config')] : [];
}

/**
 * `text` with the userinfo of every URL in it removed (`https://user:password@host` → `https://host`):
 * a kubeconfig's server may carry credentials, and error messages may quote it.
 */
export function withoutUserinfo(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]*@/gi, '$1');
}

/** Every string in a log line's fields without URL credentials (pino's `formatters.log`). */
export function logWithoutUserinfo(fields: Record<string, unknown>): Record<string, unknown> {
  const clean = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return withoutUserinfo(v);
    if (v instanceof Error) return withoutUserinfo(v.stack ?? v.message);
    if (depth > 4 || typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) return v.map((x) => clean(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clean(x, depth + 1)]));
  };
  return clean(fields, 0) as Record<string, unknown>;
}

function describe(kc: KubeConfig, source: ResolvedKubeConfig['source']): ResolvedKubeConfig {
  return {
    kc,
    source,
    context: kc.getCurrentContext(),
    server: withoutUserinfo(kc.getCurrentCluster()?.server ?? ''),
  };
}

/** A kubeconfig from YAML text (the simulated cluster's). */
export function kubeConfigFromString(text: string, context?: string): ResolvedKubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(text);
  if (context) useContext(kc, context);
  return describe(kc, 'kubeconfig');
}

/**
 * The same kubeconfig on another of its contexts: a copy (clusters, users, contexts as loaded,
 * file paths already absolute), so the running one is left as it is. Throws for an unknown context.
 */
export function onContext(resolved: ResolvedKubeConfig, context: string): ResolvedKubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: resolved.kc.clusters,
    users: resolved.kc.users,
    contexts: resolved.kc.contexts,
    currentContext: resolved.kc.currentContext,
  });
  useContext(kc, context);
  return describe(kc, resolved.source);
}

function useContext(kc: KubeConfig, context: string): void {
  if (!kc.getContexts().some((c) => c.name === context)) {
    throw new Error(
      `no context "${context}" in the kubeconfig (have: ${
        kc
          .getContexts()
          .map((c) => c.name)
          .join(', ') || 'none'
      })`,
    );
  }
  kc.setCurrentContext(context);
}

/**
 * The cluster to watch: the first kubeconfig file that exists (its current context, or
 * `context`), else the in-cluster config when running in a pod; undefined when there is none.
 */
export function resolveKubeConfig(input: {
  env: {
    KUBECONFIG?: string | undefined;
    HOME?: string | undefined;
    KUBERNETES_SERVICE_HOST?: string | undefined;
  };
  context?: string;
}): ResolvedKubeConfig | undefined {
  const file = kubeconfigFiles(input.env).find((f) => existsSync(f));
  if (file) {
    const kc = new KubeConfig();
    kc.loadFromFile(file);
    if (input.context) useContext(kc, input.context);
    return describe(kc, 'kubeconfig');
  }
  if (input.env.KUBERNETES_SERVICE_HOST) {
    const kc = new KubeConfig();
    kc.loadFromCluster();
    return describe(kc, 'in-cluster');
  }
  return undefined;
}
