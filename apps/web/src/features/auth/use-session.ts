import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authStatus } from '../../api/auth-status.js';
import { signIn, signOut } from '../../api/session.js';

/** Signs in with the token; then every view refetches and the event stream reconnects with the new cookie. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['session', 'sign-in'],
    mutationFn: signIn,
    onSuccess: () => {
      authStatus.signedIn();
      void client.invalidateQueries();
    },
  });
}

/** Signs out; cached answers are dropped so nothing read with the session stays on screen. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['session', 'sign-out'],
    mutationFn: signOut,
    onSuccess: () => {
      authStatus.signedOut();
      void client.resetQueries();
    },
  });
}
