import { ClusterIndex } from '@pdbscope/shared/index';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import { zookeeper } from '../views/__fixtures__/zookeeper.js';
import type { BudgetMarks } from '../views/rows.js';
import { AnalysisScheduler } from './analysis-scheduler.js';

const start = new Date('2026-11-21T19:40:00Z');
/** Lets a started sliced run finish (it yields between namespaces). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

function scheduler() {
  const clock = new ManualClock(start);
  const { sts, pods, pdb } = zookeeper({});
  const index = new ClusterIndex({ now: start }, { pods, budgets: [pdb], workloads: [sts] });
  const runs: [BudgetMarks, BudgetMarks][] = [];
  const analyses = new AnalysisScheduler({
    clock,
    logger: pino({ level: 'silent' }),
    intervalMs: 2000,
    index: () => index,
    namespaces: () => ['data'],
    onAnalysed: (before, after) => runs.push([before, after]),
  });
  return { clock, analyses, runs };
}

describe('AnalysisScheduler', () => {
  it('runs after changes once they quieten, not during a burst', async () => {
    const { clock, analyses, runs } = scheduler();
    analyses.changed(clock.now());
    clock.advance(1900);
    analyses.changed(clock.now());
    clock.advance(100);
    // Due, but the last change was 100 ms ago: it waits for 250 ms of quiet.
    await settle();
    const duringBurst = runs.length;
    clock.advance(300);
    await settle();
    expect([duringBurst, runs.length, analyses.analysis?.podsWithoutBudget]).toStrictEqual([
      0, 1, 0,
    ]);
    analyses.stop();
  });

  it('starts a run at once for an answer that waits for one, and answers at once after', async () => {
    const { analyses, runs } = scheduler();
    await analyses.ready();
    const first = analyses.analysis;
    await analyses.ready();
    expect([runs.length, analyses.analysis === first, first?.marks.overlapping]).toStrictEqual([
      1,
      true,
      new Set(),
    ]);
    analyses.stop();
  });
});
