// A streamed GET read block by block (a watch's JSON lines, an event stream's events), each block
// timestamped when the chunk that ended it arrived: the benches time what reaches them.
import http from 'node:http';

export interface StreamBlocksInput {
  url: string;
  /** What ends a block: '\n' for a watch's JSON lines, '\n\n' for server-sent events. */
  separator: string;
  onBlock: (block: string, at: number) => void;
  /** The response's headers are in (the stream is open). */
  onOpen?: () => void;
}

export function streamBlocks(input: StreamBlocksInput): http.ClientRequest {
  return http.get(input.url, (res) => {
    input.onOpen?.();
    let buffer = '';
    res.on('data', (chunk: Buffer) => {
      const at = performance.now();
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf(input.separator)) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + input.separator.length);
        input.onBlock(block, at);
      }
    });
  });
}
