import { apiRoutes } from '@pdbscope/shared/api';
import { callApi } from './client.js';

/** Trades the token for the BFF's HttpOnly session cookie; the token is not kept anywhere here. */
export function signIn(token: string): Promise<unknown> {
  return callApi(apiRoutes.signIn, { body: { token } });
}

/** Asks the BFF to forget this browser's session and clear its cookie. */
export function signOut(): Promise<unknown> {
  return callApi(apiRoutes.signOut);
}
