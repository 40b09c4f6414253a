import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { SESSION_COOKIE, SESSION_HEADER } from '@pdbscope/shared/api';
import { readCookie } from './cookies.js';
import { sendProblem } from './problem.js';
import type { SessionStore } from './session-store.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The optional token and the sessions it was traded for. Tokens are compared as SHA-256
 * digests in constant time, so neither the content nor the length of a guess shows in timing.
 */
export class TokenAuth {
  readonly sessions: SessionStore;
  private readonly expected: Buffer;

  constructor(options: { token: string; sessions: SessionStore }) {
    this.expected = digest(options.token);
    this.sessions = options.sessions;
  }

  matches(given: string): boolean {
    return timingSafeEqual(digest(given), this.expected);
  }

  /** The token of an `Authorization: Bearer` header, if the request has one. */
  static bearerOf(req: Request): string | undefined {
    const header = req.headers.authorization;
    return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  }

  static sessionOf(req: Request): string | undefined {
    return readCookie(req.headers.cookie, SESSION_COOKIE);
  }

  /** How the request proved it knows the token, or undefined when it did not. */
  granted(req: Request): 'header' | 'session' | undefined {
    const bearer = TokenAuth.bearerOf(req);
    if (bearer !== undefined && this.matches(bearer)) return 'header';
    return this.hasSession(req) ? 'session' : undefined;
  }

  /** The request carries the cookie of a live session. */
  hasSession(req: Request): boolean {
    const session = TokenAuth.sessionOf(req);
    return session !== undefined && this.sessions.isValid(session);
  }
}

export function refuseToken(res: Response, detail: string): void {
  res.setHeader('WWW-Authenticate', 'Bearer');
  sendProblem(res, 401, detail);
}

/**
 * With a token configured, /api needs `Authorization: Bearer <token>` or a valid session
 * cookie (from POST /api/session); 401 problem+json otherwise. Without one, everything passes.
 * A request let in by its session has the session id in `res.locals.session`, and its answer
 * says so in a header.
 */
export function authGuard(auth: TokenAuth | undefined): RequestHandler {
  return (req, res, next) => {
    const granted = auth?.granted(req);
    if (granted === 'session') {
      res.locals['session'] = TokenAuth.sessionOf(req);
      // The cookie is HttpOnly: this is how the page learns it is signed in (to offer Sign out).
      res.setHeader(SESSION_HEADER, 'active');
    }
    if (!auth || granted !== undefined) {
      next();
      return;
    }
    refuseToken(
      res,
      TokenAuth.sessionOf(req) === undefined
        ? 'this pdbscope needs a token: send Authorization: Bearer <token>, or sign in with POST /api/session'
        : 'the session has expired or is unknown: sign in again with the token',
    );
  };
}
