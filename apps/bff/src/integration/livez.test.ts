import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startBff } from '../server.js';

const SNAPSHOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/shared/src/snapshot/__fixtures__/cluster.yaml',
);

/** Holds the event loop, as a runaway computation would. */
function stall(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describe('/livez with --wedged-after', () => {
  it('says wedged, with the configured limit, after the event loop stalled longer than it', async () => {
    const bff = await startBff({
      source: { kind: 'snapshot', file: SNAPSHOT },
      logger: pino({ level: 'silent' }),
      port: 0,
      wedgedAfterMs: 1_000,
    });
    try {
      // The watch's timer ticks every second: a 2.5 s stall makes one tick at least 1.5 s late.
      stall(2_500);
      const res = await fetch(`${bff.url}/livez`);
      expect([res.status, await res.json()]).toStrictEqual([
        503,
        {
          status: 'wedged',
          reason: expect.stringMatching(/^the event loop stalled for \d+ s \(limit 1 s\)$/),
        },
      ]);
    } finally {
      await bff.close();
    }
  });
});
