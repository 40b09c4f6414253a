// bench:bff's probe inside the BFF process (`node --import ./bench/memory-probe.mjs`, with an IPC
// channel): on a message it answers with the process's memory split (resident, V8 heap used and
// committed, external, array buffers, per heap space), after a full collection when asked (the BFF
// runs with --expose-gc for it) and with a heap snapshot written when a path is given. Plain
// JavaScript so that the bundle runs without a TypeScript loader; the BFF itself never loads it.
import v8 from 'node:v8';

if (process.send) {
  process.channel?.unref();
  process.on('message', (message) => {
    if (message?.type !== 'pdbscope-memory') return;
    if (message.gc && typeof globalThis.gc === 'function') globalThis.gc();
    if (message.snapshot) v8.writeHeapSnapshot(message.snapshot);
    const usage = process.memoryUsage();
    const spaces = {};
    for (const s of v8.getHeapSpaceStatistics()) {
      spaces[s.space_name] = { used: s.space_used_size, size: s.space_size };
    }
    process.send?.({ type: 'pdbscope-memory', id: message.id, usage, spaces });
  });
}
