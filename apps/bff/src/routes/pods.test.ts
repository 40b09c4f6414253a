import { afterEach, describe, expect, it } from 'vitest';
import { closeServedApps, request, serveApp } from '../__fixtures__/serve-app.js';

afterEach(closeServedApps);

const problem = (answer: { status: number; type: string; body: unknown }) => {
  const body = answer.body as { detail: string; errors?: unknown };
  return [answer.status, answer.type, body.detail, body.errors];
};

describe('the pods, namespaces and search routes', () => {
  it('answer 400 naming the parameter, with the selector parser’s own words', async () => {
    const { port } = await serveApp();
    const answers = await Promise.all([
      request(port, `/api/pods?labels=${encodeURIComponent('tier in ()')}`),
      request(port, `/api/pods?labels=${encodeURIComponent('app=web,tier in (a')}`),
      request(port, `/api/search?q=${encodeURIComponent('app in (')}`),
      request(port, '/api/search?q=%20'),
      request(port, '/api/pods?budgets=two'),
      request(port, '/api/pods?limit=501'),
    ]);
    const emptySet =
      "unable to parse requirement: for 'in', 'notin' operators, values set can't be empty";
    const unclosed =
      "unable to parse requirement: found 'tier in (a', expected: in, notin, =, ==, !=, gt, lt";
    expect(answers.map(problem)).toStrictEqual([
      [
        400,
        'application/problem+json',
        `invalid query: labels: ${emptySet}`,
        [{ path: 'labels', message: emptySet }],
      ],
      [
        400,
        'application/problem+json',
        `invalid query: labels: ${unclosed}`,
        [{ path: 'labels', message: unclosed }],
      ],
      [
        400,
        'application/problem+json',
        "invalid query: q: unable to parse requirement: found 'app in (', expected: in, notin, =, ==, !=, gt, lt",
        [
          {
            path: 'q',
            message:
              "unable to parse requirement: found 'app in (', expected: in, notin, =, ==, !=, gt, lt",
          },
        ],
      ],
      [
        400,
        'application/problem+json',
        'invalid query: q: Too small: expected string to have >=1 characters',
        [{ path: 'q', message: 'Too small: expected string to have >=1 characters' }],
      ],
      [
        400,
        'application/problem+json',
        'invalid query: budgets: Invalid option: expected one of "none"|"any"|"several"',
        [{ path: 'budgets', message: 'Invalid option: expected one of "none"|"any"|"several"' }],
      ],
      [
        400,
        'application/problem+json',
        'invalid query: limit: Too big: expected number to be <=500',
        [{ path: 'limit', message: 'Too big: expected number to be <=500' }],
      ],
    ]);
  });

  it('answer a page, the namespaces and a search; 404 for a group the analysis does not have', async () => {
    const { port } = await serveApp();
    const [pods, namespaces, found, group] = await Promise.all([
      request(port, '/api/pods?budgets=none&offset=100&limit=20'),
      request(port, '/api/namespaces'),
      request(port, '/api/search?q=app%3Dledger'),
      request(port, '/api/pods?group=PodDisruptionBudget%2Fdata%2Fgone'),
    ]);
    expect([pods.status, pods.body]).toStrictEqual([
      200,
      { items: [], total: 0, offset: 100, limit: 20, eventId: 'x-0' },
    ]);
    expect([namespaces.status, namespaces.body]).toStrictEqual([
      200,
      { items: [{ namespace: 'data', pods: 3, budgets: 1 }], eventId: 'x-0' },
    ]);
    expect([found.status, (found.body as { selector: boolean }).selector]).toStrictEqual([
      200,
      true,
    ]);
    expect(problem(group)).toStrictEqual([
      404,
      'application/problem+json',
      'no overlap group PodDisruptionBudget/data/gone (the analysis may have changed)',
      undefined,
    ]);
  });
});
