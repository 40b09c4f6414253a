import http from 'node:http';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@pdbscope/shared/api';
import type { Logger } from 'pino';

/** An error that becomes an RFC 9457 problem answer. Routes throw it; the error handler sends it. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Problem['errors'],
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

export function problemBody(status: number, detail: string, extra: Partial<Problem> = {}): Problem {
  return {
    type: 'about:blank',
    title: http.STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...extra,
  };
}

export function sendProblem(
  res: Response,
  status: number,
  detail: string,
  extra: Partial<Problem> = {},
): void {
  // The guards and the token check refuse the page and the probes too: those answers are plain.
  if (!isApi(res.req.originalUrl)) {
    sendPlain(res, status, detail);
    return;
  }
  res
    .status(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(problemBody(status, detail, extra)));
}

/** Outside /api (the page, its assets, the probes), errors are one line of plain text. */
function isApi(originalUrl: string): boolean {
  // `req.path` is relative to a router's mount point; the original URL is not.
  const path = originalUrl.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

export function sendPlain(res: Response, status: number, text: string): void {
  res.status(status).type('text/plain; charset=utf-8').send(`${text}\n`);
}

/**
 * After every route: what nothing answered. Outside /api, a method other than GET/HEAD is 405
 * (every page, asset and probe is read-only), anything else 404, in plain text, never Express's
 * HTML page. (/api has its own problem+json 404 before this.)
 */
export const notFoundHandler: RequestHandler = (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendPlain(res, 405, `${req.method} is not allowed on ${req.path}`);
    return;
  }
  sendPlain(res, 404, `not found: ${req.path}`);
};

/** Last middleware: known problems as they are, body-parser errors as 400/413, anything else as 500 (logged). */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (!isApi(req.originalUrl)) {
      const status = (err as { status?: unknown }).status;
      const code = typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
      if (code === 500) logger.error({ err, url: req.originalUrl }, 'request failed');
      sendPlain(res, code, code === 500 ? 'internal error' : (http.STATUS_CODES[code] ?? 'error'));
      return;
    }
    if (err instanceof HttpProblem) {
      sendProblem(res, err.status, err.detail, {
        instance: req.originalUrl,
        ...(err.errors ? { errors: err.errors } : {}),
      });
      return;
    }
    const e = err as { status?: unknown; type?: unknown; message?: unknown };
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
      const detail =
        e.type === 'entity.too.large'
          ? 'the request body is too large'
          : e.type === 'entity.parse.failed'
            ? 'the request body is not valid JSON'
            : String(e.message ?? 'bad request');
      sendProblem(res, e.status, detail, { instance: req.originalUrl });
      return;
    }
    logger.error({ err, url: req.originalUrl }, 'request failed');
    sendProblem(res, 500, 'internal error', { instance: req.originalUrl });
  };
}
