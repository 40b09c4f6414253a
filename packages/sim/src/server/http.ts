import type { Result } from '@pdbscope/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoreError } from '../store/index.js';
import { badRequest, statusBody } from '../store/index.js';
import { decodeKubernetesProtobuf } from './protobuf.js';

const MAX_BODY_BYTES = 3 * 1024 * 1024;

export type BodyResult = Result<unknown, StoreError>;

export type TextResult = Result<string, StoreError>;

type BytesResult = Result<Buffer, StoreError>;

/** Reads a request body as text, refusing oversized ones. */
export async function readTextBody(req: IncomingMessage): Promise<TextResult> {
  const read = await readBody(req);
  return read.ok ? { ok: true, value: read.value.toString('utf8') } : read;
}

async function readBody(req: IncomingMessage): Promise<BytesResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES)
      return {
        ok: false,
        error: { code: 413, reason: 'BadRequest', message: 'the request body is too large' },
      };
    chunks.push(buf);
  }
  return { ok: true, value: Buffer.concat(chunks) };
}

const PROTOBUF = 'application/vnd.kubernetes.protobuf';

/** Protobuf is decoded only for the kinds kubectl's typed clients create (see protobuf.ts). */
const JSON_BODY_TYPES = ['application/json', 'application/yaml'];

function unsupportedMediaType(accepted: readonly string[], why: string): StoreError {
  return {
    code: 415,
    reason: 'UnsupportedMediaType',
    message: `${why} - accepted media types include: ${accepted.join(', ')}`,
  };
}

/** Reads and parses a JSON body; malformed or oversized bodies are a 400 as kube-apiserver says it. */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === PROTOBUF) {
    const bytes = await readBody(req);
    if (!bytes.ok) return bytes;
    const decoded = decodeKubernetesProtobuf(bytes.value);
    return decoded.ok
      ? decoded
      : { ok: false, error: unsupportedMediaType(JSON_BODY_TYPES, decoded.error) };
  }
  const read = await readTextBody(req);
  if (!read.ok) return read;
  const text = read.value;
  if (text.trim() === '')
    return { ok: false, error: badRequest('the body of the request was empty') };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return {
      ok: false,
      error: badRequest(`couldn't get version/kind; json parse error: ${goJsonError(text, e)}`),
    };
  }
}

/** encoding/json's wording for a syntax error, as kube-apiserver reports it. */
function goJsonError(text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (/end of (JSON )?input/i.test(message)) return 'unexpected end of JSON input';
  const at = /position (\d+)/.exec(message);
  const c = at === null ? /Unexpected token '(.)'/.exec(message)?.[1] : text[Number(at[1])];
  return c === undefined
    ? 'invalid JSON'
    : `invalid character '${c}' looking for beginning of value`;
}

export function sendJson(
  res: ServerResponse,
  code: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendRawJson(res, code, JSON.stringify(body), headers);
}

export function sendRawJson(
  res: ServerResponse,
  code: number,
  json: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(code, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Content-Length': String(Buffer.byteLength(json)),
    ...headers,
  });
  res.end(json);
}

export function sendError(res: ServerResponse, error: StoreError): void {
  const headers: Record<string, string> = {};
  const retry = error.details?.retryAfterSeconds;
  if (retry !== undefined && retry > 0) headers['Retry-After'] = String(retry);
  sendJson(res, error.code, statusBody(error), headers);
}

/** The media types a client accepts, in order (parameters kept, e.g. `as=Table`). */
export interface Accepted {
  type: string;
  params: Record<string, string>;
}

export function parseAccept(header: string | undefined): Accepted[] {
  if (header === undefined || header.trim() === '') return [{ type: '*/*', params: {} }];
  return header.split(',').map((part) => {
    const [type = '', ...rest] = part.split(';').map((s) => s.trim());
    const params: Record<string, string> = {};
    for (const p of rest) {
      const eq = p.indexOf('=');
      if (eq > 0) params[p.slice(0, eq).trim()] = p.slice(eq + 1).trim();
    }
    return { type: type.toLowerCase(), params };
  });
}

/** Whether the client asked for a meta.k8s.io Table (kubectl get does). */
export function wantsTable(accept: readonly Accepted[]): boolean {
  const first = accept.find(
    (a) => a.type === 'application/json' || a.type === '*/*' || a.type === 'application/*',
  );
  return first?.params.as === 'Table';
}

/** Status for a successful delete-like operation. */
export function successStatus(
  code: number,
  details?: Record<string, unknown>,
): Record<string, unknown> {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    ...(details === undefined ? {} : { details }),
    code,
  };
}
