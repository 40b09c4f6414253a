/** A raw watch stream over fetch, read line by line. */
export interface WatchStream {
  status: number;
  /** The next event, or undefined when the stream ended. */
  next(): Promise<{ type: string; object: Record<string, unknown> } | undefined>;
  close(): void;
}

export async function openWatch(url: string): Promise<WatchStream> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    status: res.status,
    async next() {
      for (;;) {
        const nl = buffer.indexOf('\n');
        if (nl >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          return JSON.parse(line) as { type: string; object: Record<string, unknown> };
        }
        const chunk = await reader?.read();
        if (chunk === undefined || chunk.done) return undefined;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}
