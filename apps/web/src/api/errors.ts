import { ProblemSchema, type Problem } from '@pdbscope/shared/api';

/** A failed API call: the BFF's problem+json when it sent one, else what the browser saw. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail === '' ? problem.title : `${problem.title}: ${problem.detail}`);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }
}

/** The problem document of an error answer; a proxy's HTML page or an empty body still yields a readable one. */
export function problemFrom(body: unknown, status: number, statusText: string): Problem {
  const parsed = ProblemSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  return {
    type: 'about:blank',
    title: statusText === '' ? `HTTP ${status}` : statusText,
    status,
    detail: '',
  };
}

/** A sentence for an error state: what failed, in words a user can act on. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    // The BFF's 401 detail is written for API clients; in the page, the token form says the rest.
    if (error.status === 401) return 'This pdbscope needs a token: sign in with it.';
    if (error.status === 404)
      return `Not found: ${error.problem.detail === '' ? error.problem.title : error.problem.detail}`;
    return error.message;
  }
  if (error instanceof Error) return `Could not reach the pdbscope server (${error.message}).`;
  return 'Something went wrong.';
}
