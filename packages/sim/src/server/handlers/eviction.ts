import type { IncomingMessage, ServerResponse } from 'node:http';
import { methodNotAllowed } from '../../store/index.js';
import type { ServerContext } from '../context.js';
import { sendError } from '../http.js';
import type { ResourceRoute } from '../route.js';

/** POST pods/{name}/eviction: wired to the shared engine's decideEviction once it lands. */
export function handleEviction(_ctx: ServerContext, _route: ResourceRoute, req: IncomingMessage, res: ServerResponse, _params: URLSearchParams): void {
  req.resume();
  sendError(res, methodNotAllowed('eviction is not served yet'));
}
