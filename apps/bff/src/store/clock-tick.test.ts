import { describe, expect, it } from 'vitest';
import { manualTimers } from '../__fixtures__/manual-timers.js';
import { ClockTick } from './clock-tick.js';

describe('ClockTick', () => {
  it('moves time every interval until stopped', () => {
    const timers = manualTimers(new Date('2026-11-21T19:40:00Z'));
    const ticks: string[] = [];
    const clock = new ClockTick({
      timers,
      everyMs: 1000,
      onTick: (now) => ticks.push(now.toISOString()),
    });
    clock.start();
    timers.advance(2500);
    clock.stop();
    timers.advance(5000);
    expect(ticks).toStrictEqual(['2026-11-21T19:40:01.000Z', '2026-11-21T19:40:02.000Z']);
  });
});
