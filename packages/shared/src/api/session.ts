import { z } from 'zod';

/**
 * POST /api/session from the UI's form: the token the BFF was started with. A client that can
 * send headers may send `Authorization: Bearer <token>` instead of a body.
 */
export const SessionRequestSchema = z
  .object({ token: z.string().min(1, 'the token is empty').max(4096) })
  .meta({ id: 'SessionRequest' });
export type SessionRequest = z.infer<typeof SessionRequestSchema>;

/** GET /api/session: whether this BFF wants a token, and whether this request came with a session cookie (so signing out means something). */
export const SessionResponseSchema = z
  .object({ tokenRequired: z.boolean(), session: z.boolean() })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** The session cookie's name; its value is a random id, never the token. */
export const SESSION_COOKIE = 'pdbscope_session';

/** On an answer to a request that a session cookie let in: the page cannot read the cookie itself. */
export const SESSION_HEADER = 'X-Pdbscope-Session';
