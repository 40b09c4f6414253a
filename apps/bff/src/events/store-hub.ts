import type { ServerEvent } from '@pdbscope/shared/api';
import type { EventBody, EventHub } from './hub.js';

/** What a cluster's store and history need of the event hub: publish, listen, the last id. */
export interface StoreHub {
  publish(body: EventBody): void;
  subscribe(listener: (event: ServerEvent) => void): () => void;
  readonly lastId: string;
}

/**
 * The hub as one watched context sees it: once `close`d, what it publishes goes nowhere, so a
 * context being stopped (its sources still winding down) never reaches the page after the next
 * one has begun.
 */
export function gatedHub(hub: EventHub): StoreHub & { close(): void } {
  let open = true;
  return {
    publish: (body) => {
      if (open) hub.publish(body);
    },
    subscribe: (listener) => hub.subscribe(listener),
    get lastId() {
      return hub.lastId;
    },
    close: () => {
      open = false;
    },
  };
}
