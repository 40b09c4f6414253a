// Run in its own process by heap-settle.test.ts (V8's flags are process-wide): keeps LIVE_MB of
// objects live, settles the heap with the growth percent given as argument, then allocates
// GARBAGE_MB of short-lived objects, and prints the live heap and the most the heap committed.
import { settleHeap } from '../heap-settle.js';

const LIVE_OBJECTS = 600_000;
const GARBAGE_ROUNDS = 40;

const live: { a: number; b: string; c: number[] }[] = [];
for (let i = 0; i < LIVE_OBJECTS; i++) live.push({ a: i, b: `live-${i}`, c: [i] });
const settled = settleHeap({ growthPercent: Number(process.argv[2] ?? 0) });
const liveBytes = process.memoryUsage().heapUsed;
let mostCommitted = 0;
for (let round = 0; round < GARBAGE_ROUNDS; round++) {
  let garbage: { a: number; b: string }[] | undefined = [];
  for (let i = 0; i < 200_000; i++) garbage.push({ a: i, b: `garbage-${i}` });
  garbage = undefined;
  mostCommitted = Math.max(mostCommitted, process.memoryUsage().heapTotal);
}
process.stdout.write(JSON.stringify({ settled, liveBytes, mostCommitted, kept: live.length }));
