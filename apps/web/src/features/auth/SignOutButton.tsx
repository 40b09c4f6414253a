import { useAuthStatus } from '../../api/auth-status.js';
import { describeError } from '../../api/errors.js';
import { useSignOut } from './use-session.js';

/**
 * In the connection bar once this page has signed in with the token. The session cookie is
 * HttpOnly, so a page that arrived already signed in cannot tell; it shows no button.
 */
export function SignOutButton() {
  const auth = useAuthStatus();
  const signOut = useSignOut();
  if (auth.needsToken || auth.generation === 0) return null;
  return (
    <span>
      <button type="button" className="small" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        Sign out
      </button>
      {signOut.isError ? <span className="away"> Could not sign out: {describeError(signOut.error)}</span> : null}
    </span>
  );
}
