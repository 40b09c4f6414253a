import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './index.js';

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument();

  it('lists every route of the API with its methods', () => {
    const routes = Object.entries(doc.paths ?? {}).map(
      ([path, item]) => `${Object.keys(item).join(',')} ${path}`,
    );
    expect(routes.sort()).toStrictEqual([
      'get /api/budgets',
      'get /api/budgets/{kind}/{namespace}/{name}',
      'get /api/budgets/{kind}/{namespace}/{name}/events',
      'get /api/budgets/{kind}/{namespace}/{name}/history',
      'get /api/cluster',
      'get /api/contexts',
      'get /api/events',
      'get /api/findings',
      'get /api/fleet',
      'get /api/fleet/clusters/{cluster}/budgets',
      'get /api/namespaces',
      'get /api/nodes',
      'get /api/nodes/{name}',
      'get /api/openapi.json',
      'get /api/operator-instances',
      'get /api/overlaps',
      'get /api/overlaps/{id}/pairs',
      'get /api/pods',
      'get /api/pods/{namespace}/{name}',
      'get /api/priority-classes',
      'get /api/search',
      'get /healthz',
      'get /livez',
      'get /metrics',
      'get /readyz',
      'post /api/contexts/switch',
      'post /api/simulate/drain',
      'post /api/simulate/evictions',
      'post /api/simulate/preemption',
      'post /api/simulate/upgrade',
      'post /api/verify/eviction',
      'post /api/what-if',
      'post,delete,get /api/session',
    ]);
  });

  it('names the shared schemas as components, errors as problem+json', () => {
    const names = Object.keys(doc.components?.schemas ?? {});
    expect(
      ['BudgetRow', 'BudgetDetailResponse', 'EvictionDecision', 'ServerEvent', 'Problem'].filter(
        (n) => !names.includes(n),
      ),
    ).toStrictEqual([]);
    const notFound = doc.paths?.['/api/budgets/{kind}/{namespace}/{name}']?.get?.responses?.['404'];
    expect(notFound).toStrictEqual({
      description: 'No such budget',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    });
  });

  it('describes signing in with the token: a body or a bearer header, 204 with a cookie, 401 otherwise', () => {
    const post = doc.paths?.['/api/session']?.post;
    expect([
      post?.requestBody,
      Object.keys(post?.responses ?? {}),
      doc.components?.schemas?.['SessionRequest'],
    ]).toStrictEqual([
      {
        required: false,
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/SessionRequest' } },
        },
      },
      ['204', '400', '401', '429'],
      {
        type: 'object',
        properties: { token: { type: 'string', minLength: 1, maxLength: 4096 } },
        required: ['token'],
      },
    ]);
  });

  it("describes the upgrade's provider: its request fields, the new verdicts and the profile answered", () => {
    const schemas = doc.components?.schemas ?? {};
    const props = (name: string) =>
      Object.keys((schemas[name] as { properties?: object } | undefined)?.properties ?? {});
    expect({
      request: props('SimulateUpgradeRequest').filter((p) =>
        ['provider', 'drainTimeoutSeconds', 'forceUpdate', 'undrainableNodeBehavior'].includes(p),
      ),
      verdicts: (schemas['UpgradeVerdict'] as { enum?: string[] } | undefined)?.enum,
      forecast: props('UpgradeForecast').filter((p) =>
        ['forced', 'failure', 'quarantined'].includes(p),
      ),
      response: props('SimulateUpgradeResponse'),
      providers: (schemas['UpgradeProvider'] as { enum?: string[] } | undefined)?.enum,
    }).toStrictEqual({
      request: ['provider', 'drainTimeoutSeconds', 'forceUpdate', 'undrainableNodeBehavior'],
      verdicts: ['completes', 'stalls', 'fails', 'forces', 'unknown'],
      forecast: ['forced', 'failure', 'quarantined'],
      response: ['forecast', 'fixes', 'profile', 'applied', 'asOf', 'eventId'],
      providers: ['kubectl', 'gke', 'eks', 'aks'],
    });
  });

  it('is a new document on each call', () => {
    expect(buildOpenApiDocument()).not.toBe(doc);
    expect(buildOpenApiDocument()).toStrictEqual(doc);
  });
});
