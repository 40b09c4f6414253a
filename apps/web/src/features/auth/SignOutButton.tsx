import { useAuthStatus } from '../../api/auth-status.js';
import { describeError } from '../../api/errors.js';
import { useSignOut } from './use-session.js';

/** In the connection bar while the BFF lets this browser in on a session cookie. */
export function SignOutButton() {
  const auth = useAuthStatus();
  const signOut = useSignOut();
  if (auth.needsToken || !auth.session) return null;
  return (
    <span>
      <button
        type="button"
        className="small"
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
      >
        Sign out
      </button>
      {signOut.isError ? (
        <span className="away"> Could not sign out: {describeError(signOut.error)}</span>
      ) : null}
    </span>
  );
}
