// A watch on the API server's pods from now on, each event timestamped as it arrives: the moment
// the server tells its watchers of a change, against which the BFF's own part of a latency is
// measured (the BFF hears of it on a watch like this one).
import http from 'node:http';

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
    const req = http.get(url, (res) => {
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        const at = performance.now();
        buffer += chunk.toString();
        let end: number;
        while ((end = buffer.indexOf('\n')) !== -1) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (line.trim() === '') continue;
          const event = JSON.parse(line) as {
            object?: { metadata?: { namespace?: string; name?: string } };
          };
          const meta = event.object?.metadata;
          if (meta?.name === undefined) continue;
          for (const l of listeners) l(`${meta.namespace ?? ''}/${meta.name}`, at);
        }
      });
      resolve({ on: (fn) => listeners.push(fn), close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}
