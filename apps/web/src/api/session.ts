import { apiPaths } from '@pdbscope/shared/api';
import { requestJson, type Parser } from './client.js';

/** 204 No Content: nothing to parse. */
const noContent: Parser<undefined> = { parse: () => undefined };

/** Trades the token for the BFF's HttpOnly session cookie; the token is not kept anywhere here. */
export function signIn(token: string): Promise<undefined> {
  return requestJson(apiPaths.session, noContent, { method: 'POST', body: { token } });
}

/** Asks the BFF to forget this browser's session and clear its cookie. */
export function signOut(): Promise<undefined> {
  return requestJson(apiPaths.session, noContent, { method: 'DELETE' });
}
