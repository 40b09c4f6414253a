import express, { type Response } from 'express';
import { SESSION_COOKIE, apiRoutes } from '@pdbscope/shared/api';
import { TokenAuth, authGuard, refuseToken } from '../http/auth.js';
import { sessionCookie } from '../http/cookies.js';
import { sendProblem } from '../http/problem.js';
import type { SignInThrottle } from '../http/sign-in-throttle.js';
import { serve, type ServedRoute } from './table.js';

function setSessionCookie(
  res: Response,
  options: { value: string; maxAgeSeconds: number; secure: boolean },
): void {
  res.setHeader('Set-Cookie', sessionCookie({ name: SESSION_COOKIE, path: '/api', ...options }));
}

/**
 * /api/session: a browser cannot put a header on an EventSource, so it trades the token for
 * an HttpOnly cookie once (POST) and drops it on sign-out (DELETE). Mounted in front of the
 * token guard; GET sits behind it, so a browser learns from its 401 that a token is needed.
 */
export function sessionRoutes(
  auth: TokenAuth | undefined,
  throttle: SignInThrottle,
): ServedRoute[] {
  const signIn = serve(
    apiRoutes.signIn,
    ({ req, res, body }) => {
      if (!auth) {
        // No token configured: every request is let in already, so there is nothing to trade.
        res.status(204).end();
        return;
      }
      const token = TokenAuth.bearerOf(req) ?? body().token;
      if (!auth.matches(token)) {
        const verdict = throttle.failed();
        if ('refuse' in verdict) {
          res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
          sendProblem(res, 429, 'too many failed sign-ins at once: try again in a moment');
          return;
        }
        throttle.answer(verdict.delayMs, () => refuseToken(res, 'the token is not right'));
        return;
      }
      setSessionCookie(res, {
        value: auth.sessions.create(),
        maxAgeSeconds: Math.floor(auth.sessions.ttlMs / 1000),
        secure: req.secure,
      });
      res.status(204).end();
    },
    { before: [express.json({ limit: '8kb', strict: true })] },
  );
  const signOut = serve(apiRoutes.signOut, ({ req, res }) => {
    const session = TokenAuth.sessionOf(req);
    if (auth && session !== undefined) auth.sessions.revoke(session);
    setSessionCookie(res, { value: '', maxAgeSeconds: 0, secure: req.secure });
    res.status(204).end();
  });
  const status = serve(
    apiRoutes.session,
    (call) =>
      call.send({
        tokenRequired: auth !== undefined,
        session: auth?.hasSession(call.req) ?? false,
      }),
    { before: [authGuard(auth)] },
  );
  return [signIn, signOut, status];
}
