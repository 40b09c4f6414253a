// Run in its own process by heap-settle.test.ts (V8's flags are process-wide): settles the heap at
// 25%, then runs a burst shaped like a forecast (a working state that grows for the whole burst,
// and as much again of objects that live for a while), bounded to the growth percent given as
// argument (0: the settled growth), and prints the most the heap committed during the burst.
import { settleHeap, withBurstHeapGrowth } from '../heap-settle.js';

const LIVE_OBJECTS = 600_000;
const STEPS = 400;
const KEPT_PER_STEP = 250;
const LINGERING_PER_STEP = 2_500;
const LINGER_STEPS = 50;

const live: { a: number; b: string; c: number[] }[] = [];
for (let i = 0; i < LIVE_OBJECTS; i++) live.push({ a: i, b: `live-${i}`, c: [i] });
settleHeap({ growthPercent: 25 });
const before = process.memoryUsage().heapTotal;

function burst(): { mostCommitted: number; kept: number } {
  const working: { step: number; name: string; refs: number[] }[] = [];
  const lingering: { name: string; refs: number[] }[][] = [];
  let mostCommitted = 0;
  for (let step = 0; step < STEPS; step++) {
    const batch: { name: string; refs: number[] }[] = [];
    for (let i = 0; i < KEPT_PER_STEP; i++)
      working.push({ step, name: `pod-${step}-${i}`, refs: [step, i] });
    for (let i = 0; i < LINGERING_PER_STEP; i++)
      batch.push({ name: `version-${step}-${i}`, refs: [i, step] });
    lingering.push(batch);
    if (lingering.length > LINGER_STEPS) lingering.shift();
    mostCommitted = Math.max(mostCommitted, process.memoryUsage().heapTotal);
  }
  return { mostCommitted, kept: working.length };
}

const growth = Number(process.argv[2] ?? 0);
const out = growth > 0 ? withBurstHeapGrowth(burst, growth) : burst();
process.stdout.write(JSON.stringify({ before, ...out, live: live.length }));
