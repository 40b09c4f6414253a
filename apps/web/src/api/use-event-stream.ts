import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectEventStream } from './event-stream.js';
import { streamStatus } from './stream-status.js';

/** Mounted once, in the layout: the whole app stays live through one stream. */
export function useEventStream(): void {
  const client = useQueryClient();
  useEffect(() => connectEventStream({ client, status: streamStatus }), [client]);
}
