import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';

describe('ManualClock', () => {
  it('runs due timers at their due time in order, including timers they set, and no cancelled one', () => {
    const clock = new ManualClock('2026-11-21T19:40:00Z');
    const ran: string[] = [];
    const at = (what: string) => () => ran.push(`${what} at ${clock.now().toISOString()}`);
    clock.setTimeout(at('b'), 2000);
    clock.setTimeout(() => {
      at('a')();
      clock.setTimeout(at('a+1s'), 1000);
    }, 500);
    clock.setTimeout(at('cancelled'), 1000).cancel();
    clock.setTimeout(at('later'), 5000);
    clock.advance(2000);
    expect([ran, clock.now().toISOString(), clock.pending()]).toStrictEqual([
      [
        'a at 2026-11-21T19:40:00.500Z',
        'a+1s at 2026-11-21T19:40:01.500Z',
        'b at 2026-11-21T19:40:02.000Z',
      ],
      '2026-11-21T19:40:02.000Z',
      1,
    ]);
  });

  it('stall moves time without running timers: they run late, at the next advance', () => {
    const clock = new ManualClock('2026-11-21T19:40:00Z');
    const ran: string[] = [];
    clock.setTimeout(() => ran.push(clock.now().toISOString()), 1000);
    clock.stall(5000);
    const duringStall = [...ran];
    clock.advance(0);
    expect([duringStall, ran]).toStrictEqual([[], ['2026-11-21T19:40:05.000Z']]);
  });
});
