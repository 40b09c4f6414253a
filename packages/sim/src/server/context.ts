import type { Clock } from '@pdbscope/shared/clock';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ObjectStore, ServedGroups } from '../store/index.js';
import type { FaultControl } from './faults.js';
import type { ListQuery } from './query.js';
import type { ResourceRoute } from './route.js';
import type { WatchHub } from './watch-hub.js';

/** Structured logging; defaults to silence. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Everything a request handler needs. */
export interface ServerContext {
  store: ObjectStore;
  clock: Clock;
  hub: WatchHub;
  faults: FaultControl;
  logger: Logger;
  bookmarkIntervalMs: number;
  maxWatchBufferBytes: number;
  /** Answer built-in kinds in protobuf to clients that ask for it first (default true). */
  protobuf: boolean;
  /**
   * Honour `sendInitialEvents=true` (KEP-3157 watch-list: the initial state streamed, then a
   * bookmark marked `k8s.io/initial-events-end`); false plays an API server without the feature,
   * which ignores the parameter (default true).
   */
  watchList: boolean;
  /** The user named in 403 messages. */
  userName: string;
  /** Whether an API group is served (discovery lists it, its resources answer). */
  served: ServedGroups;
}

/** One request for a Kubernetes resource path, as every handler takes it. */
export interface RequestInput {
  ctx: ServerContext;
  route: ResourceRoute;
  query: ListQuery;
  req: IncomingMessage;
  res: ServerResponse;
  params: URLSearchParams;
}
