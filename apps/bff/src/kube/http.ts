import { isAscii } from 'node:buffer';
import http from 'node:http';
import https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { credentialsOf, type Credentials } from './credentials.js';
import { withoutUserinfo } from './kubeconfig.js';

/** An answer from the API server: the status and the body parsed as JSON (undefined when it is not JSON). */
export interface KubeResponse {
  status: number;
  /** Parsed JSON, or a {@link ProtobufBody} when the server answered in protobuf. */
  body: unknown;
}

/** A body the server sent as `application/vnd.kubernetes.protobuf`, its bytes as they came. */
export class ProtobufBody {
  constructor(readonly bytes: Uint8Array) {}
}

const PROTOBUF = 'application/vnd.kubernetes.protobuf';

/** How the BFF reads built-in kinds (see wire.ts); both false reads as before this existed. */
export interface WireOptions {
  /** Ask for protobuf (with JSON as the fallback) for the kinds the shared table describes. */
  protobuf: boolean;
  /** Stream initial lists through a watch (sendInitialEvents) where the server supports it. */
  watchList: boolean;
}

export const DEFAULT_WIRE: WireOptions = { protobuf: true, watchList: true };

/** A failure to reach the API server at all (refused, reset, timed out). */
export class KubeTransportError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'KubeTransportError';
  }
}

/** A non-2xx answer, carrying the API server's Status (if it sent one). */
export class KubeStatusError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly path: string,
  ) {
    super(
      `${statusCode} ${statusMessage(body) ?? http.STATUS_CODES[statusCode] ?? ''} (GET ${path})`.trim(),
    );
    this.name = 'KubeStatusError';
  }
}

function statusMessage(body: unknown): string | undefined {
  if (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string'
  )
    return body.message;
  return undefined;
}

export interface KubeGetOptions {
  /** Abandon the request after this long (a half-open connection must not hang a list). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Called once with the start of the body (its first chunk, or the first 4 KB), before the
   * whole body has arrived and been parsed: a list's `metadata` comes first, so the caller can
   * ask for the next page early. Bytes when the answer is protobuf.
   */
  onHead?: (head: string | Uint8Array) => void;
  /** The Accept header (default `application/json`). */
  accept?: string;
}

/** A streamed answer (a watch): its status and type, then its chunks as they come. */
export interface KubeStreamOptions {
  accept: string;
  signal: AbortSignal;
  /** The status line and headers are in; a non-2xx body is collected and handed to `end`. */
  onResponse: (status: number, contentType: string) => void;
  onData: (chunk: Buffer) => void;
  /** The stream ended (cleanly, or with the error); a non-2xx answer's body comes as text. */
  onEnd: (err: Error | undefined, errorBody?: string) => void;
}

const HEAD_BYTES = 4096;

/**
 * The body as text, from the chunks as they came. API server JSON is nearly always pure ASCII,
 * and read as Latin-1 it is the same text at a third of UTF-8 decoding's cost (JSON.parse of the
 * result is faster too). Decoding chunk by chunk also spares a 1.3 MB Buffer per page: after a few
 * of those, glibc stops returning such blocks to the system, and a large first list left ~50 MB
 * of freed pages in the process's resident memory.
 */
function decodeBody(chunks: readonly Buffer[]): string {
  if (chunks.every((c) => isAscii(c))) return chunks.map((c) => c.toString('latin1')).join('');
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * client-node's agent with keep-alive on. It makes one without, so each request of a paged list
 * would open (and with TLS, handshake) a connection of its own: 300 for 150,000 pods. The agent's
 * TLS options (CA, client certificate, server name) are kept; a proxy's agent is left as it is.
 */
function keepingAlive(agent: https.RequestOptions['agent']): https.RequestOptions['agent'] {
  if (typeof agent !== 'object') return agent;
  const make =
    agent.constructor === https.Agent
      ? (o: https.AgentOptions) => new https.Agent(o)
      : agent.constructor === http.Agent
        ? (o: http.AgentOptions) => new http.Agent(o)
        : undefined;
  if (!make) return agent;
  const { options } = agent as http.Agent & { options: https.AgentOptions };
  agent.destroy();
  return make({ ...options, keepAlive: true });
}

/** The client certificate and key a request carries, as one comparable value ('' for none). */
function clientIdentity(opts: https.RequestOptions): string {
  const text = (v: unknown) =>
    v === undefined ? '' : Buffer.isBuffer(v) ? v.toString('base64') : String(v);
  return `${text(opts.cert)}\n${text(opts.key)}`;
}

/**
 * Plain GETs against the API server with the kubeconfig's credentials. Lists go through here
 * (not client-node's typed API) so that a page is parsed once, projected and dropped.
 */
export class KubeHttp {
  private readonly server: URL;
  private agent: https.RequestOptions['agent'];
  private agentIdentity: string | undefined;
  private readonly credentials: Credentials;

  /** Bytes of every answer's body, as received (the initial sync's cost on the wire). */
  bytesRead = 0;
  /**
   * What this server was found to support: undefined until a watch-list was tried, then
   * remembered for every later list of every source.
   */
  watchListSupported: boolean | undefined;

  constructor(
    private readonly kc: KubeConfig,
    readonly wire: WireOptions = DEFAULT_WIRE,
  ) {
    this.credentials = credentialsOf(kc);
    const cluster = kc.getCurrentCluster();
    if (!cluster) throw new Error('the kubeconfig has no current cluster');
    this.server = new URL(cluster.server);
  }

  /**
   * The credentials as client-node has them now, for every request (paged lists included): it
   * runs an exec plugin or refreshes an OIDC token when the last one expired, and caches it until
   * then. The keep-alive agent (TLS options, connection pool) is kept while the client
   * certificate stays the same: an agent's own TLS options win over a request's, so an exec
   * plugin that rotates its client certificate gets a new agent (and new connections).
   */
  private async requestOptions(): Promise<https.RequestOptions> {
    const opts: https.RequestOptions = {};
    await this.kc.applyToHTTPSOptions(opts);
    const identity = clientIdentity(opts);
    if (this.agent === undefined || identity !== this.agentIdentity) {
      // The old agent is not destroyed: requests of other sources may be in flight on it.
      this.agent = keepingAlive(opts.agent);
      this.agentIdentity = identity;
    } else if (typeof opts.agent === 'object') opts.agent.destroy();
    return { ...opts, agent: this.agent };
  }

  /**
   * A GET; a 401 is asked once more with a fresh credential (the exec plugin run again, the OIDC
   * token refreshed: the one sent may have expired in flight) before it counts.
   */
  async get(path: string, options: KubeGetOptions = {}): Promise<KubeResponse> {
    const first = await this.getOnce(path, options);
    if (first.status !== 401) return first;
    this.credentials.rejected(first.authorization);
    return this.getOnce(path, options);
  }

  /** The API server refused a credential elsewhere (a watch's 401): the next request gets a fresh one. */
  credentialsRejected(): void {
    this.credentials.rejected();
  }

  private async getOnce(
    path: string,
    options: KubeGetOptions,
  ): Promise<KubeResponse & { authorization?: string }> {
    const base = await this.requestOptions();
    const sent = (base.headers as http.OutgoingHttpHeaders | undefined)?.['Authorization'];
    const authorization = typeof sent === 'string' ? sent : undefined;
    const url = new URL(this.server.pathname.replace(/\/$/, '') + path, this.server);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      let answered = false;
      const req = transport.request(
        url,
        {
          ...base,
          method: 'GET',
          headers: { ...base.headers, Accept: options.accept ?? 'application/json' },
          signal: options.signal,
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          const binary = (res.headers['content-type'] ?? '').startsWith(PROTOBUF);
          let head: string | undefined = options.onHead ? '' : undefined;
          let headBytes: Buffer[] | undefined = binary && options.onHead ? [] : undefined;
          res.on('data', (c: Buffer) => {
            chunks.push(c);
            this.bytesRead += c.length;
            if (headBytes !== undefined) {
              // Protobuf's list metadata is read from the bytes so far, chunk by chunk, until 4 KB.
              headBytes.push(c);
              const seen = headBytes.length === 1 ? c : Buffer.concat(headBytes);
              if (seen.length >= HEAD_BYTES) headBytes = undefined;
              if (res.statusCode === 200) options.onHead?.(seen);
              return;
            }
            if (head === undefined || binary) return;
            // The metadata is ASCII, so a multi-byte character cut at a chunk's end does not matter here.
            head += c.toString('latin1', 0, Math.min(c.length, HEAD_BYTES));
            if (head.includes('"items"') || head.length >= HEAD_BYTES) {
              const seen = head;
              head = undefined;
              if (res.statusCode === 200) options.onHead?.(seen);
            }
          });
          res.on('error', (err) =>
            reject(new KubeTransportError(`reading ${path}: ${err.message}`, err)),
          );
          res.on('end', () => {
            let body: unknown;
            if (binary) body = new ProtobufBody(Buffer.concat(chunks));
            else
              try {
                body = JSON.parse(decodeBody(chunks));
              } catch {
                body = undefined;
              }
            resolve({
              status: res.statusCode ?? 0,
              body,
              ...(authorization !== undefined ? { authorization } : {}),
            });
          });
        },
      );
      req.setTimeout(options.timeoutMs ?? 60_000, () =>
        req.destroy(new Error(`timed out after ${options.timeoutMs ?? 60_000} ms`)),
      );
      req.on('error', (err) => {
        // A kept-alive connection the server closed while it sat idle (its keep-alive timeout
        // passed while this process was busy): nothing was answered, so the GET goes again on
        // another connection, as Go's transport does for client-go.
        const stale =
          req.reusedSocket &&
          !answered &&
          !options.signal?.aborted &&
          (err as NodeJS.ErrnoException).code === 'ECONNRESET';
        if (stale) return void this.getOnce(path, options).then(resolve, reject);
        reject(new KubeTransportError(`GET ${path}: ${err.message}`, err));
      });
      req.end();
    });
  }

  /**
   * A streamed GET (a watch): chunks are handed over as they come, never gathered. Aborting the
   * signal ends it without an error.
   */
  async stream(path: string, options: KubeStreamOptions): Promise<void> {
    const base = await this.requestOptions();
    const url = new URL(this.server.pathname.replace(/\/$/, '') + path, this.server);
    const transport = url.protocol === 'https:' ? https : http;
    let ended = false;
    const end = (err: Error | undefined, body?: string) => {
      if (ended) return;
      ended = true;
      options.onEnd(err, body);
    };
    const req = transport.request(
      url,
      {
        ...base,
        method: 'GET',
        headers: { ...base.headers, Accept: options.accept },
        signal: options.signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        options.onResponse(status, res.headers['content-type'] ?? '');
        const failed: Buffer[] | undefined = status === 200 ? undefined : [];
        res.on('data', (c: Buffer) => {
          this.bytesRead += c.length;
          if (failed) failed.push(c);
          else options.onData(c);
        });
        res.on('error', (err) => end(options.signal.aborted ? undefined : err));
        res.on('close', () =>
          end(undefined, failed ? Buffer.concat(failed).toString('utf8') : undefined),
        );
      },
    );
    req.on('error', (err) => end(options.signal.aborted ? undefined : err));
    req.end();
  }

  /** GET that fails with {@link KubeStatusError} on anything but 2xx. */
  async getOk(path: string, options: KubeGetOptions = {}): Promise<unknown> {
    const res = await this.get(path, options);
    if (res.status < 200 || res.status > 299) throw new KubeStatusError(res.status, res.body, path);
    return res.body;
  }
}

/** The HTTP status an error carries, from our errors or client-node's (`statusCode` / `code`). */
export function errorStatus(err: unknown): number | undefined {
  if (err instanceof KubeStatusError) return err.statusCode;
  if (typeof err === 'object' && err !== null) {
    const e = err as { statusCode?: unknown; code?: unknown };
    if (typeof e.statusCode === 'number') return e.statusCode;
    if (typeof e.code === 'number') return e.code;
  }
  return undefined;
}

/** A one-line reason for a source's degraded state (never with a URL's credentials). */
export function errorReason(err: unknown): string {
  const status = errorStatus(err);
  const message = withoutUserinfo(err instanceof Error ? err.message : String(err));
  if (status === 403) return `forbidden: ${message}`;
  return message;
}
