import { describe, expect, it } from 'vitest';
import { NOW, pdb, pod } from './__fixtures__/objects.js';
import { classifyPdbPods } from './classify.js';
import { countHealthyPods } from './disrupted.js';

describe('classifyPdbPods', () => {
  const pods = [
    pod('ready'),
    pod('unready', { ready: false }),
    pod('pending', { phase: 'Pending', ready: false }),
    pod('leaving', { deletionTimestamp: '2024-05-01T11:59:00Z' }),
    pod('evicted', {}),
    pod('done', { phase: 'Succeeded' }),
  ];
  const budget = pdb('web', {
    minAvailable: 1,
    status: { disruptedPods: { evicted: '2024-05-01T11:59:00Z' } },
  });

  it('puts each pod in the lane the controller counts it in, with a reason', () => {
    expect(
      classifyPdbPods({ pdb: budget, pods, now: NOW }).map((c) => [c.pod.name, c.lane, c.reason]),
    ).toStrictEqual([
      ['ready', 'available', 'Ready'],
      ['unready', 'unavailable', 'not Ready'],
      ['pending', 'unavailable', 'Pending'],
      ['leaving', 'unavailable', 'terminating'],
      ['evicted', 'disrupted', 'in disruptedPods since 2024-05-01T11:59:00Z'],
      ['done', 'available', 'Ready (Succeeded)'],
    ]);
  });

  it('gives each pod a machine-readable code beside the reason', () => {
    expect(classifyPdbPods({ pdb: budget, pods, now: NOW }).map((c) => c.code)).toStrictEqual([
      'Ready',
      'NotReady',
      'Pending',
      'Terminating',
      'Disrupted',
      'Ready',
    ]);
  });

  it('has exactly countHealthyPods pods available', () => {
    const available = classifyPdbPods({ pdb: budget, pods, now: NOW }).filter(
      (c) => c.lane === 'available',
    ).length;
    expect(available).toBe(countHealthyPods(pods, budget.status.disruptedPods, NOW));
  });
});
