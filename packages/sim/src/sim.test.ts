import { describe, expect, it } from 'vitest';
import { startSim } from './sim.js';
import { ManualClock } from './store/clock.js';

describe('startSim', () => {
  it('keeps the demo moving under activity for ten simulated minutes, with no write storm and no controller error', async () => {
    const clock = new ManualClock('2026-11-21T08:00:00Z');
    const problems: string[] = [];
    const sim = await startSim({
      clock,
      activity: true,
      readyDelayMs: 1000,
      logger: { info: () => {}, warn: (m) => problems.push(m), error: (m) => problems.push(m) },
    });
    try {
      const counts = new Map<string, number>();
      sim.store.subscribe((e) => {
        const key = `${e.resource}/${e.object.metadata.namespace ?? ''}/${e.object.metadata.name ?? ''}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      });
      for (let second = 0; second < 600; second++) {
        clock.advance(1000);
        // Let the activity's evictions (HTTP to the simulator itself) complete.
        for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      }
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const busiest = Math.max(...counts.values());
      expect(total).toBeGreaterThan(100);
      expect(total).toBeLessThan(20_000);
      expect(busiest).toBeLessThan(500);
      expect(problems).toStrictEqual([]);
    } finally {
      await sim.close();
    }
  });
});
