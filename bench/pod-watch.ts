// A watch on the API server's pods from now on, each event timestamped as it arrives: the moment
// the server tells its watchers of a change, against which the BFF's own part of a latency is
// measured (the BFF hears of it on a watch like this one).
import { streamBlocks } from './stream-blocks.js';

export interface PodWatch {
  on(fn: (pod: string, at: number) => void): void;
  close(): void;
}

/** Resolves once the watch is open; `pod` is `namespace/name`. */
export async function podWatch(server: string): Promise<PodWatch> {
  const listed = await fetch(`${server}/api/v1/pods?limit=1`);
  const { metadata } = (await listed.json()) as { metadata: { resourceVersion: string } };
  const listeners: ((pod: string, at: number) => void)[] = [];
  const url = `${server}/api/v1/pods?watch=true&resourceVersion=${encodeURIComponent(metadata.resourceVersion)}`;
  return new Promise((resolve, reject) => {
    const req = streamBlocks({
      url,
      separator: '\n',
      onBlock: (line, at) => {
        if (line.trim() === '') return;
        const event = JSON.parse(line) as {
          object?: { metadata?: { namespace?: string; name?: string } };
        };
        const meta = event.object?.metadata;
        if (meta?.name === undefined) return;
        for (const l of listeners) l(`${meta.namespace ?? ''}/${meta.name}`, at);
      },
      onOpen: () => resolve({ on: (fn) => listeners.push(fn), close: () => req.destroy() }),
    });
    req.on('error', reject);
  });
}
