import { useId, useState } from 'react';
import { ApiError, describeError } from '../../api/errors.js';
import { useSignIn } from './use-session.js';

function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 401)
    return 'That token is not right. Check it and try again.';
  return describeError(error);
}

/** Shown instead of the page when the BFF answers 401: it was started with --token (or PDBSCOPE_TOKEN). */
export function TokenForm() {
  const signIn = useSignIn();
  const [token, setToken] = useState('');
  const inputId = useId();
  const errorId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (token === '') return;
    signIn.mutate(token, { onSuccess: () => setToken('') });
  };
  return (
    <section aria-labelledby={`${inputId}-heading`} className="token-form">
      <h1 id={`${inputId}-heading`}>This pdbscope needs a token</h1>
      <p className="muted">
        It was started with <code>--token</code> (or <code>PDBSCOPE_TOKEN</code>). Enter that token
        to sign in: this browser then keeps a session cookie for up to 12 hours, never the token
        itself.
      </p>
      <form onSubmit={submit} className="toolbar">
        <label htmlFor={inputId}>Token</label>
        <input
          id={inputId}
          type="password"
          autoComplete="current-password"
          required
          value={token}
          onChange={(event) => setToken(event.target.value)}
          aria-invalid={signIn.isError}
          {...(signIn.isError ? { 'aria-describedby': errorId } : {})}
        />
        <button type="submit" className="primary" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {signIn.isError ? (
        <p id={errorId} role="alert" className="notice bad">
          {refusal(signIn.error)}
        </p>
      ) : null}
    </section>
  );
}
