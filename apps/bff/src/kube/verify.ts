import {
  ApiException,
  CoreV1Api,
  Observable,
  ResponseContext,
  type KubeConfig,
  type RequestContext,
} from '@kubernetes/client-node';
import { parseNsName } from '@pdbscope/shared';
import type {
  EvictionDecision,
  ServerEvictionAnswer,
  VerifyEvictionResponse,
} from '@pdbscope/shared/api';
import type { EvictionVerifier, Unknown } from '../model.js';
import { arrayOf, objectOf, stringOf } from './json.js';

/** Reads the API server's Status (success or failure) into the API's shape. */
export function serverAnswer(httpStatus: number, body: unknown): ServerEvictionAnswer {
  const status = objectOf(body);
  const details = objectOf(status?.['details']);
  const retry = details?.['retryAfterSeconds'];
  const reason = stringOf(status?.['reason']);
  return {
    httpStatus,
    code: typeof status?.['code'] === 'number' ? status['code'] : httpStatus,
    status: stringOf(status?.['status']) ?? (httpStatus < 300 ? 'Success' : 'Failure'),
    ...(reason ? { reason } : {}),
    message: stringOf(status?.['message']) ?? '',
    causes: arrayOf(details?.['causes']).map((c) => ({
      reason: stringOf(objectOf(c)?.['reason']) ?? '',
      message: stringOf(objectOf(c)?.['message']) ?? '',
    })),
    ...(typeof retry === 'number' ? { retryAfterSeconds: retry } : {}),
  };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/**
 * Keeps the raw answer: client-node would read a 201 Status as an Eviction and lose its fields,
 * and a refusal (429, 403, the 500 for "more than one PodDisruptionBudget") as an exception.
 */
function captureResponse() {
  const captured = { status: 0, text: '' };
  const middleware = {
    pre: (ctx: RequestContext) => new Observable(Promise.resolve(ctx)),
    post: (rsp: ResponseContext) =>
      new Observable(
        (async () => {
          const text = await rsp.body.text();
          captured.status = rsp.httpStatusCode;
          captured.text = text;
          return new ResponseContext(rsp.httpStatusCode, rsp.headers, {
            text: async () => text,
            binary: async () => Buffer.from(text),
          });
        })(),
      ),
  };
  return { captured, middleware };
}

/**
 * POST /api/verify/eviction: sends the eviction with dryRun=All (nothing is evicted) and puts
 * the API server's answer beside ours. There is no other write in the BFF.
 */
export function evictionVerifier(input: {
  kc: KubeConfig;
  ours: (pod: string) => EvictionDecision | Unknown;
}): EvictionVerifier {
  const core = input.kc.makeApiClient(CoreV1Api);
  return {
    async verify(pod): Promise<VerifyEvictionResponse | Unknown> {
      const ref = parseNsName(pod);
      if (!ref) return { unknown: pod };
      const ours = input.ours(pod);
      if ('unknown' in ours) return ours;
      const { captured, middleware } = captureResponse();
      try {
        await core.createNamespacedPodEviction(
          {
            name: ref.name,
            namespace: ref.namespace,
            dryRun: 'All',
            body: {
              apiVersion: 'policy/v1',
              kind: 'Eviction',
              metadata: { name: ref.name, namespace: ref.namespace },
              deleteOptions: { dryRun: ['All'] },
            },
          },
          { middleware: [middleware], middlewareMergeStrategy: 'append' },
        );
      } catch (err) {
        // A refused eviction (429, 403, 404...) is an answer, not a failure; anything else is.
        if (!(err instanceof ApiException) || captured.status === 0) throw err;
      }
      const server = serverAnswer(captured.status, parseBody(captured.text));
      return {
        pod,
        ours,
        server,
        agree: server.code === ours.code && server.message === ours.message,
      };
    },
  };
}
