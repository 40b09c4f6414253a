import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectEventStream } from './event-stream.js';
import { streamStatus } from './stream-status.js';
import { livePause } from './live-pause.js';

/**
 * Mounted once, in the layout: the whole app stays live through one stream. A new `session`
 * (signed in or out) opens a new stream at once, so it carries the current cookie instead of
 * waiting out the old one's backoff.
 */
export function useEventStream(session = 0): void {
  const client = useQueryClient();
  useEffect(
    () => connectEventStream({ client, status: streamStatus, pause: livePause }),
    [client, session],
  );
}
