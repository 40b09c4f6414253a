import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import { z } from 'zod';
import { FindingsResponseSchema, OverlapsResponseSchema } from '../analysis.js';
import { BudgetDetailResponseSchema } from '../budget-detail.js';
import { BudgetListQuerySchema, BudgetListResponseSchema } from '../budgets.js';
import { ClusterResponseSchema, HealthResponseSchema } from '../cluster.js';
import { BudgetKindSchema, PROBLEM_CONTENT_TYPE, ProblemSchema } from '../common.js';
import { ServerEventSchema } from '../events.js';
import { NodeDetailResponseSchema } from '../nodes.js';
import { NodesResponseSchema, PodResponseSchema } from '../pods.js';
import { SessionRequestSchema, SessionResponseSchema } from '../session.js';
import {
  SimulateDrainRequestSchema,
  SimulateDrainResponseSchema,
  SimulateEvictionsRequestSchema,
  SimulateEvictionsResponseSchema,
  VerifyEvictionRequestSchema,
  VerifyEvictionResponseSchema,
} from '../simulate.js';

type Responses = Record<number, { description: string; schema: ZodType; contentType?: string }>;

function responses(table: Responses) {
  return Object.fromEntries(
    Object.entries(table).map(([code, r]) => [
      code,
      {
        description: r.description,
        content: { [r.contentType ?? 'application/json']: { schema: r.schema } },
      },
    ]),
  );
}

const problem = (description: string) => ({
  description,
  schema: ProblemSchema,
  contentType: PROBLEM_CONTENT_TYPE,
});
const notReady = problem('The BFF has not synced with the cluster yet');
const badBody = problem('The body does not match the schema; `errors` says which field and why');

/**
 * The OpenAPI 3.1 document of the BFF's API, generated from the zod schemas the BFF validates
 * with and the web app parses with. Pure: a new document on every call.
 */
export function buildOpenApiDocument(options: { version?: string } = {}) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  const budgetParams = z.object({
    kind: BudgetKindSchema,
    namespace: z.string(),
    name: z.string(),
  });
  const podParams = z.object({ namespace: z.string(), name: z.string() });
  const json = (schema: ZodType) => ({ content: { 'application/json': { schema } } });

  registry.registerPath({
    method: 'get',
    path: '/api/cluster',
    summary: 'The cluster: context, server, each source and its state, counts',
    responses: responses({ 200: { description: 'The cluster', schema: ClusterResponseSchema } }),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/budgets',
    summary: 'Every budget in the watched namespaces, filtered, with summary counts',
    request: { query: BudgetListQuerySchema },
    responses: responses({
      200: { description: 'Budgets', schema: BudgetListResponseSchema },
      400: problem('A filter has an unknown value'),
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/budgets/{kind}/{namespace}/{name}',
    summary:
      "One budget: its pods in lanes, reported vs recomputed status, expected count's source, YAML, findings, overlaps",
    request: { params: budgetParams },
    responses: responses({
      200: { description: 'The budget', schema: BudgetDetailResponseSchema },
      404: problem('No such budget'),
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/pods/{namespace}/{name}',
    summary: 'One pod, the budgets covering it and what evicting it now would answer',
    request: { params: podParams },
    responses: responses({
      200: { description: 'The pod', schema: PodResponseSchema },
      404: problem('No such pod'),
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/nodes',
    summary: 'Every node with its pod counts',
    responses: responses({
      200: { description: 'Nodes', schema: NodesResponseSchema },
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/nodes/{name}',
    summary: 'One node: taints, conditions, capacity, its pods and the budgets they fall under',
    request: { params: z.object({ name: z.string() }) },
    responses: responses({
      200: { description: 'The node', schema: NodeDetailResponseSchema },
      404: problem('No such node'),
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'post',
    path: '/api/simulate/evictions',
    summary: 'Evict pods in order, cumulatively, on a copy of the cluster; nothing is evicted',
    request: { body: json(SimulateEvictionsRequestSchema) },
    responses: responses({
      200: { description: 'Each step', schema: SimulateEvictionsResponseSchema },
      400: badBody,
      404: problem('A pod is unknown'),
      429: problem('Rate limited'),
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'post',
    path: '/api/simulate/drain',
    summary: 'Drain a node on a copy of the cluster: the plan in rounds; nothing is evicted',
    request: { body: json(SimulateDrainRequestSchema) },
    responses: responses({
      200: { description: 'The plan', schema: SimulateDrainResponseSchema },
      400: badBody,
      404: problem('No such node'),
      429: problem('Rate limited'),
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'post',
    path: '/api/verify/eviction',
    summary: 'Send the eviction to the API server with dryRun=All and show its answer beside ours',
    request: { body: json(VerifyEvictionRequestSchema) },
    responses: responses({
      200: { description: 'Both answers', schema: VerifyEvictionResponseSchema },
      400: badBody,
      403: problem('Verify is disabled (needs a live cluster and --allow-dry-run-verify)'),
      404: problem('No such pod'),
      429: problem('Rate limited'),
      502: problem('The API server could not be asked'),
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/overlaps',
    summary: 'Budgets that share live pods, and budgets whose selectors could share one',
    responses: responses({
      200: { description: 'Overlaps', schema: OverlapsResponseSchema },
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/findings',
    summary: 'Every finding, with severity and remedy',
    responses: responses({
      200: { description: 'Findings', schema: FindingsResponseSchema },
      503: notReady,
    }),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/events',
    summary: 'Server-sent events; each `data:` is a ServerEvent; send Last-Event-ID to resume',
    request: { headers: z.object({ 'last-event-id': z.string().optional() }) },
    responses: responses({
      200: {
        description: 'An event stream',
        schema: ServerEventSchema,
        contentType: 'text/event-stream',
      },
      503: problem('Too many event streams open'),
    }),
  });
  const noContent = (description: string) => ({ description });
  const tokenRefused = problem(
    'The token is missing or not right (WWW-Authenticate: Bearer); every /api route answers this when a token is required and none was given',
  );
  registry.registerPath({
    method: 'post',
    path: '/api/session',
    summary:
      'Trade the token (Authorization: Bearer, or a JSON body from a form) for an HttpOnly session cookie the browser sends with every API request and the event stream',
    request: { body: { ...json(SessionRequestSchema), required: false } },
    responses: {
      204: noContent('Signed in: Set-Cookie carries the session (not the token)'),
      ...responses({ 400: badBody, 401: tokenRefused, 429: problem('Rate limited') }),
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/session',
    summary: 'Sign out: the session is forgotten and its cookie cleared',
    responses: { 204: noContent('Signed out') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/session',
    summary: 'Whether a token is required, and whether this request came with a session',
    responses: responses({
      200: { description: 'The session', schema: SessionResponseSchema },
      401: tokenRefused,
    }),
  });
  registry.registerPath({
    method: 'get',
    path: '/healthz',
    summary: 'Liveness',
    responses: responses({ 200: { description: 'Alive', schema: HealthResponseSchema } }),
  });
  registry.registerPath({
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: every source has synced',
    responses: responses({
      200: { description: 'Ready', schema: HealthResponseSchema },
      503: { description: 'Still syncing', schema: HealthResponseSchema },
    }),
  });

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
