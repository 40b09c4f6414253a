import type { ObjectStore, SimClock } from '../store/index.js';
import type { FaultControl } from './faults.js';
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
  clock: SimClock;
  hub: WatchHub;
  faults: FaultControl;
  logger: Logger;
  bookmarkIntervalMs: number;
  /** The user named in 403 messages. */
  userName: string;
}
