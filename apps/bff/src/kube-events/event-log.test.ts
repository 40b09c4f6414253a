import type { KubeEvent } from '@pdbscope/shared/api';
import { describe, expect, it } from 'vitest';
import { EventLog } from './event-log.js';

const zk = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' };
const pod = (name: string) => ({ kind: 'Pod', namespace: 'data', name });

function event(about: KubeEvent['involvedObject'], reason: string, at: string): KubeEvent {
  return {
    type: 'Normal',
    reason,
    message: `${reason} on ${about.name}`,
    count: 1,
    involvedObject: about,
    firstTimestamp: at,
    lastTimestamp: at,
    source: 'controllermanager',
  };
}

describe('EventLog', () => {
  it("answers a budget's and its pods' events, the latest first, an update replacing its event", () => {
    const log = new EventLog();
    log.upsert('data/zookeeper.1', event(zk, 'NoPods', '2026-11-21T19:00:00Z'));
    log.upsert('data/zookeeper-0.1', event(pod('zookeeper-0'), 'Killing', '2026-11-21T19:05:00Z'));
    log.upsert('data/zookeeper.1', { ...event(zk, 'NoPods', '2026-11-21T19:10:00Z'), count: 2 });
    log.upsert('data/other.1', event(pod('other'), 'Killing', '2026-11-21T19:20:00Z'));
    expect(
      log.about([zk, pod('zookeeper-0')]).map((e) => [e.reason, e.involvedObject.name, e.count]),
    ).toStrictEqual([
      ['NoPods', 'zookeeper', 2],
      ['Killing', 'zookeeper-0', 1],
    ]);
    log.remove('data/zookeeper.1', zk);
    expect(log.about([zk])).toStrictEqual([]);
  });

  it('keeps the latest few per object and the most recently touched objects', () => {
    const log = new EventLog({ perObject: 2, maxObjects: 2 });
    for (let i = 0; i < 4; i++)
      log.upsert(`data/zookeeper.${i}`, event(zk, `R${i}`, `2026-11-21T19:0${i}:00Z`));
    expect(log.about([zk]).map((e) => e.reason)).toStrictEqual(['R3', 'R2']);
    log.upsert('data/a.1', event(pod('a'), 'Killing', '2026-11-21T19:00:00Z'));
    log.upsert('data/b.1', event(pod('b'), 'Killing', '2026-11-21T19:00:00Z'));
    expect({ objects: log.objects, zk: log.about([zk]) }).toStrictEqual({ objects: 2, zk: [] });
  });
});
