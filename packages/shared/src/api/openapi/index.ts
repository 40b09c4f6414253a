import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from '../common.js';
import { apiRoutes, type AnyApiRoute, type RouteAnswer } from '../routes.js';

const notReady = 'The BFF has not synced with the cluster yet';

function answer(r: RouteAnswer<unknown>) {
  if (r.schema === undefined) return { description: r.description };
  return {
    description: r.description,
    content: { [r.contentType ?? 'application/json']: { schema: r.schema } },
  };
}

const problem = (description: string) =>
  answer({ description, schema: ProblemSchema, contentType: PROBLEM_CONTENT_TYPE });

/** One table entry as zod-to-openapi's route config. */
function routeConfig(route: AnyApiRoute): RouteConfig {
  const problems: Record<number, string> = { ...route.problems };
  if (route.waitsForReady) problems[503] ??= notReady;
  const responses: RouteConfig['responses'] = { [route.ok.status]: answer(route.ok) };
  for (const [status, description] of Object.entries(problems))
    responses[status] = problem(description);
  for (const [status, other] of Object.entries(route.otherAnswers ?? {}))
    responses[status] = answer(other);
  const request: NonNullable<RouteConfig['request']> = {};
  if (route.params) request.params = route.params as RouteParameter;
  if (route.query) request.query = route.query as RouteParameter;
  if (route.headers) request.headers = route.headers as RouteParameter;
  if (route.body) {
    request.body = {
      content: { 'application/json': { schema: route.body } },
      ...(route.bodyOptional === true ? { required: false } : {}),
    };
  }
  return {
    method: route.method,
    path: route.path,
    summary: route.summary,
    ...(Object.keys(request).length === 0 ? {} : { request }),
    responses,
  };
}

/** What zod-to-openapi accepts for params, query and headers: an object schema. */
type RouteParameter = NonNullable<NonNullable<RouteConfig['request']>['params']>;

/**
 * The OpenAPI 3.1 document of the BFF's API, generated from the route table (apiRoutes) and
 * the zod schemas the BFF validates with and the web app parses with. Pure: a new document on
 * every call.
 */
export function buildOpenApiDocument(options: { version?: string } = {}) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  for (const route of Object.values(apiRoutes)) registry.registerPath(routeConfig(route));

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'pdbscope',
      version: options.version ?? '0.1.0',
      description:
        'Read-only API of the pdbscope BFF. Errors are application/problem+json. Requests from a foreign Host or Origin are refused.',
    },
    servers: [{ url: '/' }],
  });
}
