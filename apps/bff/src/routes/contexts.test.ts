import { afterEach, describe, expect, it } from 'vitest';
import type { ContextsResponse } from '@pdbscope/shared/api';
import { closeServedApps, post, request, serveApp } from '../__fixtures__/serve-app.js';
import type { ContextControl, SwitchOutcome } from '../session/context-switcher.js';

const token = 'pdbscope-token-0123456789';

afterEach(closeServedApps);

/** A kubeconfig of two contexts whose switches are recorded (the BFF side is tested on simulators). */
function twoContexts() {
  const switched: string[] = [];
  let current = 'alpha';
  const list = (): ContextsResponse => ({
    current,
    switchable: true,
    contexts: [
      { name: 'alpha', cluster: 'alpha', server: 'https://alpha.example:6443' },
      { name: 'beta', cluster: 'beta', server: 'https://beta.example:6443' },
    ],
  });
  const control: ContextControl = {
    list,
    switchTo: (context): Promise<SwitchOutcome> => {
      if (context !== 'alpha' && context !== 'beta')
        return Promise.resolve({ unknown: `no context "${context}" in the kubeconfig` });
      switched.push(context);
      current = context;
      return Promise.resolve({ switched: list() });
    },
  };
  return { control, switched };
}

describe('the contexts routes', () => {
  it('switch only with the token, from our own origin, like every other mutation', async () => {
    const { control, switched } = twoContexts();
    const { port } = await serveApp({ token, contexts: control });
    const body = JSON.stringify({ context: 'beta' });
    const answers = await Promise.all([
      post(port, '/api/contexts/switch', body),
      post(port, '/api/contexts/switch', body, { authorization: 'Bearer wrong-token-0123456789' }),
      post(port, '/api/contexts/switch', body, {
        authorization: `Bearer ${token}`,
        origin: 'https://evil.example',
      }),
      request(port, '/api/contexts'),
    ]);
    expect(answers.map((a) => a.status)).toStrictEqual([401, 401, 403, 401]);
    expect(switched).toStrictEqual([]);
    const allowed = await post(port, '/api/contexts/switch', body, {
      authorization: `Bearer ${token}`,
      origin: `http://127.0.0.1:${port}`,
    });
    expect([allowed.status, (allowed.body as ContextsResponse).current]).toStrictEqual([
      200,
      'beta',
    ]);
    expect(switched).toStrictEqual(['beta']);
  });

  it('answer 400 for an unknown context or a bad body, and 409 when the server cannot switch', async () => {
    const { control } = twoContexts();
    const { port } = await serveApp({ contexts: control });
    const [unknown, empty, notString] = await Promise.all([
      post(port, '/api/contexts/switch', JSON.stringify({ context: 'gamma' })),
      post(port, '/api/contexts/switch', JSON.stringify({ context: '' })),
      post(port, '/api/contexts/switch', JSON.stringify({ context: 7 })),
    ]);
    expect([
      unknown.status,
      unknown.type,
      (unknown.body as { detail: string }).detail,
    ]).toStrictEqual([400, 'application/problem+json', 'no context "gamma" in the kubeconfig']);
    expect([empty.status, notString.status]).toStrictEqual([400, 400]);
    const single = await serveApp();
    const refused = await post(
      single.port,
      '/api/contexts/switch',
      JSON.stringify({ context: 'x' }),
    );
    expect([refused.status, (refused.body as { detail: string }).detail]).toStrictEqual([
      409,
      'cannot switch context: this server watches one cluster',
    ]);
    const listed = await request(single.port, '/api/contexts');
    expect([listed.status, (listed.body as ContextsResponse).switchable]).toStrictEqual([
      200,
      false,
    ]);
  });
});
