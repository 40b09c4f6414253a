import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeServedApps, post, request, serveApp } from '../__fixtures__/serve-app.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { SessionStore } from '../http/session-store.js';

const token = 'pdbscope-token-0123456789';
const twelveHours = 12 * 60 * 60 * 1000;

afterEach(closeServedApps);

/** An app with a token, a clock the test moves, and session ids that say which sign-in made them. */
async function serveWithToken(options: { sessionRateLimit?: number; asIfTls?: boolean } = {}) {
  const clock = new ManualClock('2026-11-21T22:00:00Z');
  let signIns = 0;
  const sessions = new SessionStore({ clock, newId: () => `session-${(signIns += 1)}` });
  const { port } = await serveApp(
    {
      token,
      clock,
      sessions,
      ...(options.sessionRateLimit === undefined
        ? {}
        : { sessionRateLimit: options.sessionRateLimit }),
    },
    { asIfTls: options.asIfTls ?? false },
  );
  return { port, clock, sessions };
}

const signIn = (port: number, body: unknown, headers: Record<string, string> = {}) =>
  post(port, '/api/session', JSON.stringify(body), headers);

const withCookie = (cookie: string) => ({ headers: { cookie } });

/** Status and content type of /api/events; the stream is closed as soon as its headers arrive. */
function openEvents(port: number, headers: Record<string, string>): Promise<[number, string]> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { host: `127.0.0.1:${port}`, ...headers },
      },
      (res) => {
        resolve([res.statusCode ?? 0, String(res.headers['content-type'])]);
        req.destroy();
      },
    );
    req.on('error', reject);
  });
}

/** An open /api/events stream; `ended` settles when the server ends it. */
function openStream(port: number, cookie: string): Promise<{ ended: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { host: `127.0.0.1:${port}`, cookie },
      },
      (res) => {
        const ended = new Promise<string>((done) => res.on('end', () => done('ended')));
        res.resume();
        resolve({ ended });
      },
    );
    req.on('error', reject);
  });
}

describe('the token and sessions', () => {
  it('refuses the API without the token or a session: 401 problem+json naming Bearer', async () => {
    const { port } = await serveWithToken();
    const answers = await Promise.all([
      request(port, '/api/budgets'),
      request(port, '/api/cluster'),
      request(port, '/api/session'),
    ]);
    expect(
      answers.map((a) => [a.status, a.type, a.headers['www-authenticate'], a.body]),
    ).toStrictEqual(
      ['/api/budgets', '/api/cluster', '/api/session'].map(() => [
        401,
        'application/problem+json',
        'Bearer',
        {
          type: 'about:blank',
          title: 'Unauthorized',
          status: 401,
          detail:
            'this pdbscope needs a token: send Authorization: Bearer <token>, or sign in with POST /api/session',
        },
      ]),
    );
    expect(await openEvents(port, {})).toStrictEqual([
      401,
      'application/problem+json; charset=utf-8',
    ]);
  });

  it('answers a wrong token with 401 and no cookie, from the form or a header', async () => {
    const { port, sessions } = await serveWithToken();
    const answers = await Promise.all([
      signIn(port, { token: `${token}x` }),
      signIn(port, { token: 'short' }),
      signIn(port, {}, { authorization: 'Bearer wrong' }),
    ]);
    expect(
      answers.map((a) => [
        a.status,
        a.headers['set-cookie'],
        (a.body as { detail: string }).detail,
      ]),
    ).toStrictEqual([
      [401, undefined, 'the token is not right'],
      [401, undefined, 'the token is not right'],
      [401, undefined, 'the token is not right'],
    ]);
    expect(sessions.size).toBe(0);
  });

  it('answers a body without a token with 400 saying so', async () => {
    const { port } = await serveWithToken();
    const answers = await Promise.all([signIn(port, { token: '' }), signIn(port, {})]);
    expect(answers.map((a) => [a.status, (a.body as { detail: string }).detail])).toStrictEqual([
      [400, 'invalid body: token: the token is empty'],
      [400, 'invalid body: token: Invalid input: expected string, received undefined'],
    ]);
  });

  it('trades the right token for an HttpOnly, SameSite=Strict cookie on /api that is not the token', async () => {
    const { port } = await serveWithToken();
    const fromForm = await signIn(port, { token });
    const fromHeader = await signIn(port, {}, { authorization: `Bearer ${token}` });
    expect([
      [fromForm.status, fromForm.headers['set-cookie'], fromForm.body],
      [fromHeader.status, fromHeader.headers['set-cookie'], fromHeader.body],
    ]).toStrictEqual([
      [
        204,
        ['pdbscope_session=session-1; Max-Age=43200; Path=/api; HttpOnly; SameSite=Strict'],
        '',
      ],
      [
        204,
        ['pdbscope_session=session-2; Max-Age=43200; Path=/api; HttpOnly; SameSite=Strict'],
        '',
      ],
    ]);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const { port } = await serveWithToken({ asIfTls: true });
    const answer = await signIn(port, { token });
    expect(answer.headers['set-cookie']).toStrictEqual([
      'pdbscope_session=session-1; Max-Age=43200; Path=/api; HttpOnly; SameSite=Strict; Secure',
    ]);
  });

  it('lets the session cookie through to the budgets and the event stream, and says so', async () => {
    const { port } = await serveWithToken();
    await signIn(port, { token });
    const cookie = 'theme=dark; pdbscope_session=session-1';
    const [budgets, session, headerOnly] = await Promise.all([
      request(port, '/api/budgets', withCookie(cookie)),
      request(port, '/api/session', withCookie(cookie)),
      request(port, '/api/session', { headers: { authorization: `Bearer ${token}` } }),
    ]);
    expect([
      budgets.status,
      (budgets.body as { items: { name: string }[] }).items.map((row) => row.name),
      session.body,
      headerOnly.body,
      [budgets, session, headerOnly].map((a) => a.headers['x-pdbscope-session']),
    ]).toStrictEqual([
      200,
      ['zookeeper'],
      { tokenRequired: true, session: true },
      { tokenRequired: true, session: false },
      ['active', 'active', undefined],
    ]);
    expect(await openEvents(port, { cookie })).toStrictEqual([
      200,
      'text/event-stream; charset=utf-8',
    ]);
  });

  it('signs out: DELETE forgets the session and clears the cookie', async () => {
    const { port, sessions } = await serveWithToken();
    await signIn(port, { token });
    const cookie = 'pdbscope_session=session-1';
    const signOut = await request(port, '/api/session', {
      method: 'DELETE',
      ...withCookie(cookie),
    });
    const after = await request(port, '/api/budgets', withCookie(cookie));
    expect([
      signOut.status,
      signOut.headers['set-cookie'],
      sessions.size,
      after.status,
      (after.body as { detail: string }).detail,
    ]).toStrictEqual([
      204,
      ['pdbscope_session=; Max-Age=0; Path=/api; HttpOnly; SameSite=Strict'],
      0,
      401,
      'the session has expired or is unknown: sign in again with the token',
    ]);
  });

  it('ends an event stream when its session is signed out or expires', async () => {
    const { port, clock } = await serveWithToken();
    await signIn(port, { token });
    await signIn(port, { token });
    const [first, second] = await Promise.all([
      openStream(port, 'pdbscope_session=session-1'),
      openStream(port, 'pdbscope_session=session-2'),
    ]);
    await request(port, '/api/session', {
      method: 'DELETE',
      ...withCookie('pdbscope_session=session-1'),
    });
    const signedOut = await first.ended;
    // Only the second session's expiry is left: signing out cancelled the first's.
    const timersLeft = clock.pending();
    clock.advance(twelveHours);
    expect([signedOut, timersLeft, await second.ended]).toStrictEqual(['ended', 1, 'ended']);
  });

  it('refuses a forged cookie, and a session once its 12 hours are over', async () => {
    const { port, clock } = await serveWithToken();
    await signIn(port, { token });
    const forged = await Promise.all(
      [`pdbscope_session=${token}`, 'pdbscope_session=session-2', 'pdbscope_session='].map(
        (cookie) => request(port, '/api/budgets', withCookie(cookie)),
      ),
    );
    clock.advance(twelveHours - 1);
    const lastMoment = await request(
      port,
      '/api/budgets',
      withCookie('pdbscope_session=session-1'),
    );
    clock.advance(1);
    const expired = await request(port, '/api/budgets', withCookie('pdbscope_session=session-1'));
    expect([...forged, lastMoment, expired].map((a) => a.status)).toStrictEqual([
      401, 401, 401, 200, 401,
    ]);
  });

  it('refuses a cross-site request even when it carries the session cookie', async () => {
    const { port } = await serveWithToken();
    await signIn(port, { token });
    const cookie = 'pdbscope_session=session-1';
    const body = JSON.stringify({ pods: ['data/zookeeper-0'] });
    const answers = await Promise.all([
      post(port, '/api/simulate/evictions', body, { cookie, origin: 'https://evil.example' }),
      post(port, '/api/simulate/evictions', body, { cookie, 'sec-fetch-site': 'cross-site' }),
      signIn(port, { token }, { origin: 'https://evil.example' }),
      post(port, '/api/simulate/evictions', body, {
        cookie,
        origin: `http://127.0.0.1:${port}`,
        'sec-fetch-site': 'same-origin',
      }),
    ]);
    expect(
      answers.map((a) => [
        a.status,
        a.headers['set-cookie'],
        (a.body as { detail?: string }).detail,
      ]),
    ).toStrictEqual([
      [403, undefined, 'Origin "https://evil.example" is not allowed'],
      [403, undefined, 'cross-site requests are not allowed'],
      [403, undefined, 'Origin "https://evil.example" is not allowed'],
      [200, undefined, undefined],
    ]);
  });

  it('a flood of wrong tokens never locks out the right one; failures beyond the budget wait', async () => {
    const { port, clock } = await serveWithToken({ sessionRateLimit: 3 });
    const statuses: number[] = [];
    for (const attempt of ['guess-1', 'guess-2', 'guess-3']) {
      statuses.push((await signIn(port, { token: attempt })).status);
    }
    let lateAnswered = false;
    const late = signIn(port, { token: 'guess-4' }).then((a) => {
      lateAnswered = true;
      return a;
    });
    const right = await signIn(port, { token });
    await vi.waitFor(() => expect(clock.pending()).toBe(1));
    clock.advance(999);
    const answeredBeforeItsDelay = lateAnswered;
    clock.advance(1);
    const lateStatus = (await late).status;
    // 8 wrong answers wait at most; the others are refused at once, and the right token passes.
    const flood = Array.from({ length: 12 }, (_, i) => signIn(port, { token: `flood-${i}` }));
    await vi.waitFor(() => expect(clock.pending()).toBe(8));
    const rightDuringFlood = await signIn(port, { token });
    clock.advance(1000);
    expect([
      statuses,
      answeredBeforeItsDelay,
      lateStatus,
      right.status,
      (await Promise.all(flood)).map((a) => a.status).sort(),
      rightDuringFlood.status,
    ]).toStrictEqual([
      [401, 401, 401],
      false,
      401,
      204,
      [...Array<number>(8).fill(401), ...Array<number>(4).fill(429)],
      204,
    ]);
  });

  it('needs no sign-in when no token is configured', async () => {
    const { port } = await serveApp();
    const [signedIn, session, budgets] = await Promise.all([
      signIn(port, { token: 'anything' }),
      request(port, '/api/session'),
      request(port, '/api/budgets'),
    ]);
    expect([
      [signedIn.status, signedIn.headers['set-cookie']],
      session.body,
      budgets.status,
    ]).toStrictEqual([[204, undefined], { tokenRequired: false, session: false }, 200]);
  });
});
