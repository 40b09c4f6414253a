import { describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import { ClockTick } from './clock-tick.js';

describe('ClockTick', () => {
  it('moves time every interval until stopped', () => {
    const clock = new ManualClock(new Date('2026-11-21T19:40:00Z'));
    const ticks: string[] = [];
    const tick = new ClockTick({
      clock,
      everyMs: 1000,
      onTick: (now) => ticks.push(now.toISOString()),
    });
    tick.start();
    clock.advance(2500);
    tick.stop();
    clock.advance(5000);
    expect(ticks).toStrictEqual(['2026-11-21T19:40:01.000Z', '2026-11-21T19:40:02.000Z']);
  });
});
