import type { Clock } from '@pdbscope/shared/clock';
import type { Request } from 'express';
import {
  apiRoutes,
  notVisibleText,
  type HealthResponse,
  type SourceState,
} from '@pdbscope/shared/api';
import type { TokenAuth } from '../http/auth.js';
import type { ClusterReader } from '../model.js';
import { serve, type ServedRoute } from './table.js';

export interface HealthOptions {
  store: Pick<ClusterReader, 'ready' | 'sources'>;
  /** With a token, only a caller that has it sees sources and reasons. */
  auth?: TokenAuth;
  /** A source away from `live` (not refused, not absent) longer than this makes /readyz 503. */
  staleAfterMs: number;
  /** What time it is, for how long a source has been away from `live`. */
  clock: Clock;
  wedged: () => string | undefined;
}

/** The first source that has not been live for longer than `staleAfterMs`, with why. */
export function staleReason(input: {
  sources: readonly SourceState[];
  staleAfterMs: number;
  now: Date;
}): string | undefined {
  // A refused source (403) is known missing data, not data going stale: not counted here.
  const stale = input.sources.find(
    (s) =>
      (s.state === 'degraded' || s.state === 'credentials' || s.state === 'syncing') &&
      input.now.getTime() - Date.parse(s.since) > input.staleAfterMs,
  );
  if (!stale) return undefined;
  const seconds = Math.round((input.now.getTime() - Date.parse(stale.since)) / 1000);
  return `${stale.id} has not been live for ${seconds} s (more than ${Math.round(input.staleAfterMs / 1000)} s)${stale.reason ? `: ${stale.reason}` : ''}`;
}

export function healthRoutes(options: HealthOptions): ServedRoute[] {
  const { store } = options;
  const entitled = (req: Request) => !options.auth || options.auth.granted(req) !== undefined;
  const answer = (req: Request, body: HealthResponse): HealthResponse =>
    entitled(req) ? body : { status: body.status };
  return [
    serve(apiRoutes.healthz, (call) => call.send({ status: 'ok' })),
    serve(apiRoutes.livez, ({ req, res }) => {
      const wedged = options.wedged();
      res
        .status(wedged ? 503 : 200)
        .json(answer(req, wedged ? { status: 'wedged', reason: wedged } : { status: 'ok' }));
    }),
    serve(apiRoutes.readyz, ({ req, res }) => {
      const sources = store.sources();
      const stale = store.ready()
        ? staleReason({ sources, staleAfterMs: options.staleAfterMs, now: options.clock.now() })
        : undefined;
      const notVisible = sources
        .map(notVisibleText)
        .filter((text): text is string => text !== undefined);
      const missing = notVisible.length > 0 ? { notVisible } : {};
      const body: HealthResponse = !store.ready()
        ? { status: 'syncing', ...missing, sources }
        : stale
          ? { status: 'stale', reason: stale, ...missing, sources }
          : { status: 'ok', ...missing, sources };
      res.status(body.status === 'ok' ? 200 : 503).json(answer(req, body));
    }),
  ];
}
