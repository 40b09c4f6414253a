import http from 'node:http';
import type { ErrorRequestHandler, Response } from 'express';
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
  res
    .status(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(problemBody(status, detail, extra)));
}

/** Last middleware: known problems as they are, body-parser errors as 400/413, anything else as 500 (logged). */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
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
