import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AnyApiRoute, ApiRoute } from '@pdbscope/shared/api';
import { z, type ZodType } from 'zod';
import { sendJson } from '../http/json-body.js';
import { HttpProblem } from '../http/problem.js';
import { parseOr400 } from '../http/validate.js';

/** One request to a route of the table, with its parts parsed by the table's schemas on demand. */
export interface RouteCall<Params, Query, Body, Response_> {
  req: Request;
  res: Response;
  /** The path parameters, or a 404 (`notFound` words it; a value that does not parse names nothing). */
  params(notFound?: (raw: Readonly<Record<string, unknown>>) => string): Params;
  /** The query, or a 400 naming the bad or unknown parameter. */
  query(): Query;
  /** The JSON body, or a 400 naming the bad field. */
  body(): Body;
  /** Answers 200 with the route's response, typed by the table. */
  send(answer: Response_): void;
}

/** A table route with its handler, ready to be mounted. */
export interface ServedRoute {
  route: AnyApiRoute;
  /** Middleware that runs after the ready gate and before the handler (rate limits, body parsers). */
  before: RequestHandler[];
  handle: (req: Request, res: Response) => void | Promise<void>;
}

/** Unknown query parameters are refused rather than ignored: a typo should not silently filter nothing. */
function strictQuery(schema: ZodType | undefined): ZodType | undefined {
  return schema instanceof z.ZodObject ? schema.strict() : schema;
}

/** A handler for one route of the table (apiRoutes); mount the result with `tableRouter`. */
export function serve<Params, Query, Body, Response_>(
  route: ApiRoute<Params, Query, Body, Response_>,
  handle: (call: RouteCall<Params, Query, Body, Response_>) => void | Promise<void>,
  options: { before?: RequestHandler[] } = {},
): ServedRoute {
  const query = strictQuery(route.query);
  return {
    route,
    before: options.before ?? [],
    handle: (req, res) =>
      handle({
        req,
        res,
        params: (notFound) => {
          const parsed = (route.params ?? z.object({})).safeParse(req.params);
          if (parsed.success) return parsed.data as Params;
          const first = parsed.error.issues[0];
          throw new HttpProblem(
            404,
            notFound?.(req.params) ?? `not found: ${first?.path.join('.')}: ${first?.message}`,
          );
        },
        query: () => parseOr400(query ?? z.object({}), { ...req.query }, 'query') as Query,
        body: () => parseOr400(route.body ?? z.unknown(), req.body, 'body') as Body,
        send: (answer) => void sendJson(res, answer),
      }),
  };
}

/** `/api/budgets/{kind}` (the table's OpenAPI form) as Express writes it, `/api/budgets/:kind`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * An Express router serving these routes: each at its table path and method, behind the ready
 * gate when the table says it waits for readiness.
 */
export function tableRouter(served: readonly ServedRoute[], readyGate: RequestHandler): Router {
  const router = Router();
  for (const { route, before, handle } of served) {
    const gate = route.waitsForReady ? [readyGate] : [];
    router[route.method](expressPath(route.path), ...gate, ...before, handle);
  }
  return router;
}
