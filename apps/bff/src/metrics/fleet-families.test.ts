import { noFlags, pdbRow, pubRow } from '@pdbscope/shared/testing';
import { ManualClock } from '@pdbscope/sim/clock';
import { describe, expect, it } from 'vitest';
import { createBffMetrics } from './bff-metrics.js';

/** The sample lines of one family. */
const samples = (text: string, name: string) =>
  text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));

function exposition(publicUrl?: string) {
  return createBffMetrics({
    rows: () => [
      pdbRow('data', 'zookeeper', {
        disruptionsAllowed: 0,
        flags: { ...noFlags, blocking: true },
        blockingSince: '2026-11-21T18:00:00Z',
      }),
      // Blocking, but its status says not since when: no sample rather than a guess.
      pdbRow('data', 'kafka', { disruptionsAllowed: 0, flags: { ...noFlags, blocking: true } }),
      pdbRow('shop', 'web'),
      pubRow('shop', 'cart'),
    ],
    analysis: () => undefined,
    sources: () => [],
    ready: () => true,
    sseClients: () => 0,
    analysisMs: () => undefined,
    clock: new ManualClock(),
    processMetrics: false,
    ...(publicUrl !== undefined ? { publicUrl } : {}),
  }).exposition.metrics();
}

describe('the families a fleet reads', () => {
  it('says since when each blocking budget blocks, where its status says', async () => {
    expect(
      samples(await exposition(), 'pdbscope_budget_blocking_since_timestamp_seconds'),
    ).toStrictEqual([
      'pdbscope_budget_blocking_since_timestamp_seconds{kind="PodDisruptionBudget",namespace="data",name="zookeeper"} 1795284000',
    ]);
  });

  it("carries this pdbscope's public URL on pdbscope_info", async () => {
    expect([
      samples(await exposition('https://pdbscope.eu-1.example.com/'), 'pdbscope_info'),
      samples(await exposition(), 'pdbscope_info'),
    ]).toStrictEqual([
      ['pdbscope_info{pdbscope_url="https://pdbscope.eu-1.example.com/"} 1'],
      ['pdbscope_info{pdbscope_url=""} 1'],
    ]);
  });
});
