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

/** A shell word quoted as POSIX shells read it, when it needs quoting. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Why the API server answered 401, and what renews the credentials, from where the kubeconfig's
 * current user gets them: an exec plugin (the command to run again, e.g. after logging in to the
 * cloud), an OIDC provider, a token, a client certificate. pdbscope keeps retrying: once the
 * credentials are valid again it resumes by itself.
 */
export function refusedCredentialsReason(kc: KubeConfig): string {
  const refused = 'the API server refused the credentials (401 Unauthorized)';
  const user = kc.getCurrentUser();
  if (!user) return `${refused}: the kubeconfig's context names no user`;
  const who = `user "${user.name}"`;
  // client-node types both as `any`: read as the kubeconfig's schema writes them.
  const exec = user.exec as { command?: unknown; args?: unknown } | undefined;
  const provider = (user.authProvider as { name?: unknown } | undefined)?.name;
  if (exec !== undefined && typeof exec.command === 'string') {
    const args = Array.isArray(exec.args) ? exec.args.filter((a) => typeof a === 'string') : [];
    const command = [exec.command, ...args].map(shellWord).join(' ');
    return `${refused}: the token of ${who} comes from its exec plugin; run \`${command}\` to check it issues a valid token (log in again if it fails)`;
  }
  if (provider === 'oidc')
    return `${refused}: the OIDC token of ${who} could not be refreshed; log in again`;
  if (typeof provider === 'string')
    return `${refused}: the ${provider} auth provider's token of ${who} was not accepted; log in again`;
  if (user.token !== undefined && user.token !== '')
    return `${refused}: the token of ${who} is expired or revoked; put a valid one in the kubeconfig`;
  if (user.certData !== undefined || user.certFile !== undefined)
    return `${refused}: the client certificate of ${who} is expired or revoked; renew it`;
  if (user.username !== undefined)
    return `${refused}: the username and password of ${who} were not accepted`;
  return `${refused}: ${who} has no credentials in the kubeconfig`;
}
