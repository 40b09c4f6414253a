import { apiRoutes } from '@pdbscope/shared/api';
import type { EventClient, EventHub } from '../events/hub.js';
import { sendProblem } from '../http/problem.js';
import type { SessionStore } from '../http/session-store.js';
import { serve, type ServedRoute } from './table.js';

/**
 * GET /api/events: server-sent events. `Last-Event-ID` (or `?lastEventId=` for a first
 * connection that resumes) replays what was missed or sends a `resync`. A stream opened with a
 * session cookie ends with its session (sign-out, expiry), so it cannot outlive the sign-in.
 */
export function eventRoutes(hub: EventHub, sessions?: SessionStore): ServedRoute[] {
  const stream = serve(apiRoutes.events, ({ req, res }) => {
    // Express routes HEAD to GET handlers: a HEAD gets the headers and never holds a stream slot.
    if (req.method === 'HEAD') {
      res
        .status(200)
        .type('text/event-stream; charset=utf-8')
        .setHeader('Cache-Control', 'no-cache');
      res.end();
      return;
    }
    if (hub.clientCount >= hub.maxClients) {
      res.setHeader('Retry-After', '10');
      sendProblem(res, 503, `too many event streams open (${hub.maxClients})`);
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    const queryId =
      typeof req.query['lastEventId'] === 'string' ? req.query['lastEventId'] : undefined;
    const lastEventId = req.get('last-event-id') ?? queryId;
    const client: EventClient = {
      write: (chunk) => res.write(chunk),
      pending: () => res.writableLength,
      close: () => res.end(),
    };
    hub.attach(client, lastEventId);
    const session: unknown = res.locals['session'];
    const unwatch =
      sessions && typeof session === 'string'
        ? sessions.watch(session, () => res.end())
        : undefined;
    req.on('close', () => {
      hub.detach(client);
      unwatch?.();
    });
  });
  return [stream];
}
