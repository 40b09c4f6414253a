import type { KubeConfig, User } from '@kubernetes/client-node';

/** client-node's exec authenticator: the last ExecCredential per user, kept until its expiry. */
interface ExecCache {
  tokenCache: Record<string, { status?: { token?: string } } | null>;
  getCredential(user: User): Promise<unknown>;
}

/** client-node's OIDC authenticator: refreshes once its clock passes this (seconds). */
interface OidcExpiry {
  currentTokenExpiration: number;
}

export interface Credentials {
  /**
   * The API server refused a credential (401): the next request gets a fresh one. `sent` is the
   * Authorization header refused, when known; a credential already replaced since is kept.
   */
  rejected(sent?: string): void;
}

const byConfig = new WeakMap<KubeConfig, Credentials>();

function isExecCache(a: unknown): a is ExecCache {
  return typeof a === 'object' && a !== null && 'tokenCache' in a && 'getCredential' in a;
}

function isOidc(a: unknown): a is OidcExpiry {
  return typeof a === 'object' && a !== null && 'currentTokenExpiration' in a;
}

/**
 * Reaches into client-node's credential caches (1.4 offers no API for it): client-node runs an
 * exec plugin or refreshes an OIDC token only once its expiry has passed on our clock, so a token
 * the server saw expire in flight (or revoked early) would be sent again. After a 401 the cache
 * is dropped instead. The exec plugin also runs once at a time per user: without that, every
 * request that finds the token expired (eight sources relisting at once) starts a plugin of its
 * own, and on a busy machine their tokens age while they queue.
 */
export function credentialsOf(kc: KubeConfig): Credentials {
  const known = byConfig.get(kc);
  if (known) return known;
  const authenticators = (kc as unknown as { authenticators?: unknown[] }).authenticators ?? [];
  const exec = authenticators.find(isExecCache);
  const oidc = authenticators.find(isOidc);
  if (exec) {
    const original = exec.getCredential.bind(exec);
    const running = new Map<string, Promise<unknown>>();
    exec.getCredential = (user: User) => {
      const name = user.name;
      const under = running.get(name);
      if (under) return under;
      const run = original(user).finally(() => running.delete(name));
      running.set(name, run);
      return run;
    };
  }
  const credentials: Credentials = {
    rejected: (sent) => {
      const user = kc.getCurrentUser();
      if (!user) return;
      if (exec) {
        const cached = exec.tokenCache[user.name]?.status?.token;
        if (sent === undefined || cached === undefined || sent === `Bearer ${cached}`)
          exec.tokenCache[user.name] = null;
      }
      // The next request refreshes with the refresh token (the id-token in the kubeconfig stays).
      if (oidc && user.authProvider?.name === 'oidc') oidc.currentTokenExpiration = 1;
    },
  };
  byConfig.set(kc, credentials);
  return credentials;
}
